import { useState } from 'react';
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ReportPartCreateSchema, type ReportPart } from '@shared/contracts/custom-reports';
import { Dialog } from '../../../components/dialog';
import { notifySuccess } from '../../../components/notify';
import { translateErrorItem } from '../../../lib/errors';
import { useFormProblems } from '../../../lib/form-problems';
import { useCreateReportPart, useUpdateReportPart, type ReportRef } from '../api/custom-reports';

export function AddPartForm({ reportRef }: { reportRef: ReportRef }) {
  const { t } = useTranslation();
  const create = useCreateReportPart(reportRef);
  // The server's refusals are toasts (spec 02 §8); the name is checked here first.
  const problems = useFormProblems(null);
  const [name, setName] = useState('');
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!problems.check(ReportPartCreateSchema, { name })) return;
        create.mutate(name, {
          onSuccess: (part) => {
            notifySuccess('reports.custom.structure.added', { values: { name: part.name } });
            setName('');
          },
        });
      }}
      data-testid="part-add-form"
    >
      <Group align="flex-start" wrap="wrap">
        <TextInput
          label={t('reports.custom.structure.newPart')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={
            problems.messageFor('name') ?? problems.general.map((p) => translateErrorItem(p, t)).join('; ')
          }
          miw={260}
          data-testid="part-add-name"
        />
        <Button type="submit" mt={25} loading={create.isPending} data-testid="part-add-submit">
          {t('reports.custom.structure.add')}
        </Button>
      </Group>
    </form>
  );
}

export function RenamePartDialog({
  reportRef,
  part,
  onClose,
}: {
  reportRef: ReportRef;
  part: ReportPart;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateReportPart(reportRef);
  const problems = useFormProblems(update.error);
  const [name, setName] = useState(part.name);
  return (
    <Dialog
      opened
      onClose={() => !update.isPending && onClose()}
      title={t('reports.custom.structure.renameTitle')}
      closeLabel={t('reports.custom.cancel')}
      data-testid="part-rename-dialog"
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!problems.check(ReportPartCreateSchema, { name })) return;
          update.mutate({ partId: part.partId, name }, { onSuccess: onClose });
        }}
      >
        <Stack>
          <TextInput
            label={t('reports.custom.fields.name')}
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={problems.messageFor('name')}
            data-testid="part-rename-name"
          />
          {problems.general.length > 0 && (
            <Alert color="red" role="alert">
              {problems.general.map((p) => translateErrorItem(p, t)).join('; ')}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={update.isPending}>
              {t('reports.custom.cancel')}
            </Button>
            <Button type="submit" loading={update.isPending} data-testid="part-rename-submit">
              {t('reports.custom.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
