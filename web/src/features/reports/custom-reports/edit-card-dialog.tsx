import { useState } from 'react';
import { Button, Checkbox, Group, NativeSelect, Stack, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  DATA_SHOT_STATUSES,
  ReportCardUpdateSchema,
  type ReportCard,
  type ReportCardUpdate,
} from '@shared/contracts/custom-reports';
import { Dialog } from '../../../components/dialog';
import { notifySuccess } from '../../../components/notify';
import { useFormProblems } from '../../../lib/form-problems';
import { CardTextFields } from './card-text-fields';
import { useUpdateReportCard, type ReportRef } from '../api/custom-reports';
import { GeneralProblems } from './card-forms';

/** A card's edit form: its texts, its marks and, for a data shot, its status. */
export function EditCardDialog({
  reportRef,
  card,
  onClose,
}: {
  reportRef: ReportRef;
  card: ReportCard;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateReportCard(reportRef);
  // The server's refusals are toasts (spec 02 §8); the fields are checked here first.
  const problems = useFormProblems(null);
  const [title, setTitle] = useState(card.title);
  const [description, setDescription] = useState(card.description);
  const [result, setResult] = useState(card.result);
  const [legend, setLegend] = useState(card.legend);
  const [hidden, setHidden] = useState(card.hidden);
  const [bookmark, setBookmark] = useState(card.bookmark);
  const [favourite, setFavourite] = useState(card.favourite);
  const [dataShotStatus, setStatus] = useState(card.dataShotStatus ?? 'draft');
  const dataShot = card.type === 'dataShot';

  const submit = () => {
    const body: ReportCardUpdate = {
      title,
      description,
      result,
      legend,
      hidden,
      bookmark,
      favourite,
      ...(dataShot ? { dataShotStatus } : {}),
    };
    if (!problems.check(ReportCardUpdateSchema, body)) return;
    update.mutate(
      { cardId: card.cardId, body },
      {
        onSuccess: () => {
          notifySuccess('reports.custom.card.saved');
          onClose();
        },
      },
    );
  };

  return (
    <Dialog
      opened
      onClose={() => !update.isPending && onClose()}
      title={t('reports.custom.card.editTitle', { title: card.title })}
      closeLabel={t('reports.custom.cancel')}
      size="lg"
      data-testid="card-edit-dialog"
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack>
          <CardTextFields
            title={title}
            onTitle={setTitle}
            description={description}
            onDescription={setDescription}
            messageFor={problems.messageFor}
            testIdPrefix="card-edit"
          />
          <Textarea
            label={t('reports.custom.card.result')}
            autosize
            minRows={4}
            value={result}
            onChange={(e) => setResult(e.currentTarget.value)}
            error={problems.messageFor('result')}
            data-testid="card-edit-result"
          />
          <TextInput
            label={t('reports.custom.card.legend')}
            value={legend}
            onChange={(e) => setLegend(e.currentTarget.value)}
            error={problems.messageFor('legend')}
            data-testid="card-edit-legend"
          />
          <Group>
            <Checkbox
              label={t('reports.custom.card.hidden')}
              checked={hidden}
              onChange={(e) => setHidden(e.currentTarget.checked)}
              data-testid="card-edit-hidden"
            />
            <Checkbox
              label={t('reports.custom.card.bookmark')}
              checked={bookmark}
              onChange={(e) => setBookmark(e.currentTarget.checked)}
              data-testid="card-edit-bookmark"
            />
            <Checkbox
              label={t('reports.custom.card.favourite')}
              checked={favourite}
              onChange={(e) => setFavourite(e.currentTarget.checked)}
              data-testid="card-edit-favourite"
            />
          </Group>
          {dataShot && (
            <NativeSelect
              label={t('reports.custom.card.dataShotStatus')}
              value={dataShotStatus}
              onChange={(e) => {
                const next = DATA_SHOT_STATUSES.find((s) => s === e.currentTarget.value);
                if (next) setStatus(next);
              }}
              data={DATA_SHOT_STATUSES.map((s) => ({
                value: s,
                label: t(`reports.custom.status.dataShot.${s}`),
              }))}
              data-testid="card-edit-status"
            />
          )}
          <GeneralProblems items={problems.general} testId="card-edit-problem" />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={update.isPending}>
              {t('reports.custom.cancel')}
            </Button>
            <Button type="submit" loading={update.isPending} data-testid="card-edit-submit">
              {t('reports.custom.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
