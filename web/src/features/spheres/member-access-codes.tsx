import { useState } from 'react';
import { Alert, Button, Group, List, Skeleton, Stack, Switch, TagsInput, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Member } from '@shared/contracts/spheres';
import { ACCESS_CODE_PATTERN, ACCESS_CODES_MAX } from '@shared/domain/spheres';
import { Dialog } from '../../components/dialog';
import { notifySuccess } from '../../components/notify';
import { errorMessages } from '../../lib/errors';
import { useAccessCodes, useUpdateAccessCodes } from './api/access-codes';

/**
 * A member's access codes (spec 01 §3, §5): whether they may sign in with their address and a
 * code, the codes they hold (by their last two characters: the codes are kept only hashed), codes
 * to add and codes to remove. Allowing it needs one code at least; a code is unique in the sphere.
 */
export function MemberAccessCodes({
  sphereId,
  member,
  onClose,
}: {
  sphereId: string;
  member: Member;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const codes = useAccessCodes(sphereId, member.id);
  const save = useUpdateAccessCodes(sphereId, member.id);
  const [enabled, setEnabled] = useState<boolean | null>(null);
  const [adding, setAdding] = useState<string[]>([]);
  const [removing, setRemoving] = useState<string[]>([]);
  const allowed = enabled ?? codes.data?.lowSecurityAccessEnabled ?? false;
  const shapeProblem = adding.some((code) => !ACCESS_CODE_PATTERN.test(code));

  let body;
  if (codes.isPending) body = <Skeleton height={120} />;
  else if (codes.isError)
    body = (
      <Alert color="red" role="alert">
        {errorMessages(codes.error, t)}
      </Alert>
    );
  else {
    const held = codes.data.items.filter((c) => !removing.includes(c.id));
    body = (
      <Stack>
        <Switch
          label={t('spheres.codes.allowed')}
          description={t('spheres.codes.allowedHelp')}
          checked={allowed}
          onChange={(e) => setEnabled(e.currentTarget.checked)}
          data-testid="access-codes-enabled"
        />
        {held.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('spheres.codes.none')}
          </Text>
        ) : (
          <List spacing={4} aria-label={t('spheres.codes.held')}>
            {held.map((code) => (
              <List.Item key={code.id}>
                <Group gap="xs">
                  <Text size="sm">{t('spheres.codes.endingWith', { hint: code.hint })}</Text>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    onClick={() => setRemoving([...removing, code.id])}
                    aria-label={t('spheres.codes.removeOf', { hint: code.hint })}
                  >
                    {t('spheres.codes.remove')}
                  </Button>
                </Group>
              </List.Item>
            ))}
          </List>
        )}
        <TagsInput
          label={t('spheres.codes.add')}
          description={t('spheres.codes.addHelp')}
          value={adding}
          onChange={setAdding}
          maxTags={ACCESS_CODES_MAX}
          error={shapeProblem ? t('spheres.codes.shape') : undefined}
          data-testid="access-codes-add"
        />
        {save.isError && (
          <Alert color="red" role="alert" data-testid="access-codes-error">
            {errorMessages(save.error, t)}
          </Alert>
        )}
      </Stack>
    );
  }
  return (
    <Dialog
      opened
      onClose={onClose}
      title={t('spheres.codes.title', { name: member.name })}
      closeLabel={t('spheres.members.cancel')}
      data-testid="access-codes-dialog"
    >
      <Stack>
        {body}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={save.isPending}>
            {t('spheres.members.cancel')}
          </Button>
          <Button
            loading={save.isPending}
            disabled={!codes.isSuccess || shapeProblem}
            onClick={() =>
              save.mutate(
                { lowSecurityAccessEnabled: allowed, add: adding, remove: removing },
                {
                  onSuccess: () => {
                    notifySuccess('spheres.codes.saved', { values: { name: member.name } });
                    onClose();
                  },
                },
              )
            }
            data-testid="access-codes-save"
          >
            {t('spheres.codes.save')}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
