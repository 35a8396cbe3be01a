import type { ReactNode } from 'react';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { Dialog } from './dialog';
import { useTranslation } from 'react-i18next';
import { errorMessages } from '../lib/errors';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  /** What will happen, in the user's words. */
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** The action runs: confirm shows progress, nothing else can be pressed, the dialog stays. */
  pending: boolean;
  /** The action failed: its translated message shows in the dialog, which stays open. */
  error?: unknown;
  /** Another way out placed before cancel (a guest's "create an account instead"). */
  alternative?: { label: string; onClick: () => void; testId: string };
  /** Prefix of the test ids: `<prefix>-dialog`, `-confirm`, `-cancel`, `-error`. */
  testId: string;
  /** Colour of the confirm button: red for an action that erases. */
  destructive?: boolean;
}

/**
 * The confirmation asked before a destructive action (leaving the product, …): a modal with the
 * consequence, cancel and confirm; Escape and the close button cancel, except while the action runs.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { t } = useTranslation();
  const cancel = () => {
    if (!props.pending) props.onCancel();
  };
  return (
    <Dialog
      opened={props.opened}
      onClose={cancel}
      title={props.title}
      closeLabel={props.cancelLabel}
      data-testid={`${props.testId}-dialog`}
    >
      <Stack>
        {props.children}
        {props.error !== undefined && props.error !== null && (
          <Alert color="red" role="alert" data-testid={`${props.testId}-error`}>
            {errorMessages(props.error, t)}
          </Alert>
        )}
        <Group justify="flex-end">
          {props.alternative && (
            <Button
              variant="subtle"
              onClick={props.alternative.onClick}
              disabled={props.pending}
              data-testid={props.alternative.testId}
            >
              {props.alternative.label}
            </Button>
          )}
          <Button
            variant="default"
            onClick={cancel}
            disabled={props.pending}
            data-testid={`${props.testId}-cancel`}
          >
            {props.cancelLabel}
          </Button>
          <Button
            color={props.destructive === false ? undefined : 'red.9'}
            onClick={props.onConfirm}
            loading={props.pending}
            data-testid={`${props.testId}-confirm`}
          >
            {props.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
