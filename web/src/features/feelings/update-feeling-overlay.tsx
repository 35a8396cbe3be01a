import { useState } from 'react';
import { Alert, Button, Group, List, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { Feeling, FeelingGoalInput } from '@shared/contracts/feelings';
import { goalLevelLabel } from '@shared/domain/feeling-days';
import { stepOfEnergy, stepOfValue } from '@shared/domain/feelings';
import { GOAL_AXES, isGoalLevel } from '@shared/domain/goals';
import { ErrorState } from '../../components/error-state';
import { notifyError, notifySuccess } from '../../components/notify';
import { currentLanguage } from '../../i18n';
import { useAbility } from '../../lib/ability';
import { CHAT_OVERLAY, newChatSearch } from '../../lib/chat-links';
import { formatDateTime } from '../../lib/dates';
import { ApiError } from '../../lib/errors';
import { hasOverlay, overlaySearch, type OverlayProps } from '../../lib/overlays';
import { useEmotionWords, useFeeling, useUpdateFeeling } from './api/feelings';
import { GoalsDraftEditor } from './goals-editor';
import { QuadrantBadge } from './quadrant-badge';
import { NotesEditor, type DraftNote } from './notes-editor';
import { WordChoice } from '../../components/word-choice';

function Summary({ feeling }: { feeling: Feeling }) {
  const { t } = useTranslation();
  const { mood, step } = stepOfValue(feeling.value);
  return (
    <Stack gap={4} data-testid="feeling-summary">
      <Text size="sm" c="dimmed">
        {t('feelings.update.recordedAt', { date: formatDateTime(new Date(feeling.timestamp)) })}
      </Text>
      <Group gap="xs">
        <QuadrantBadge color={feeling.color} size="lg" testId="feeling-quadrant" />
        <Text size="sm">
          {t(`feelings.mood.${mood}`)} · {t('feelings.intensity.legend')}{' '}
          {t('feelings.stepOf', { step: step + 1, total: 10 })} · {t('feelings.energy.legend')}{' '}
          {t('feelings.stepOf', { step: stepOfEnergy(feeling.energy) + 1, total: 10 })}
        </Text>
      </Group>
    </Stack>
  );
}

function ReadOnly({ feeling }: { feeling: Feeling }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const words = useEmotionWords();
  const word = words.data?.items.find((w) => w.id === feeling.wordId);
  const goalLabel = (id: string) => GOAL_AXES.find((g) => g.id === id)?.label[language] ?? id;
  return (
    <Stack data-testid="feeling-read-only">
      <Alert color="gray" data-testid="feeling-frozen">
        {t('feelings.update.frozen')}
      </Alert>
      <Text>
        {word ? `${word.label[language]} — ${word.description[language]}` : t('feelings.update.noWord')}
      </Text>
      {feeling.goals.length > 0 && (
        <List>
          {feeling.goals.map((goal) => (
            <List.Item key={goal.id}>
              {goalLabel(goal.id)} :{' '}
              {isGoalLevel(goal.level) ? goalLevelLabel(goal.level, language) : goal.level}
            </List.Item>
          ))}
        </List>
      )}
      {feeling.personalNotes.map((note) => (
        <Text key={note.id} size="sm">
          <strong>{t(`feelings.notes.types.${note.type}`)}</strong> — {note.value}
        </Text>
      ))}
    </Stack>
  );
}

function Editor({ feeling, done }: { feeling: Feeling; done: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateFeeling(feeling.id);
  const [wordId, setWordId] = useState<string | null>(feeling.wordId ?? null);
  const [goals, setGoals] = useState<FeelingGoalInput[]>(feeling.goals);
  const [editingGoals, setEditingGoals] = useState(false);
  const [notes, setNotes] = useState<DraftNote[]>(
    feeling.personalNotes.map((n) => ({ key: `saved-${n.id}`, id: n.id, value: n.value, type: n.type })),
  );

  async function save() {
    try {
      await update.mutateAsync({
        wordId,
        personalNotes: notes
          .filter((n) => n.value.trim() !== '')
          .map((n) => ({ ...(n.id !== undefined ? { id: n.id } : {}), value: n.value.trim(), type: n.type })),
        goals,
      });
      notifySuccess('feelings.update.saved');
      done();
    } catch (error) {
      notifyError(error);
    }
  }

  return (
    <Stack data-testid="feeling-editor">
      <WordChoice color={feeling.color} value={wordId} onChange={setWordId} language={currentLanguage()} />
      <GoalsDraftEditor value={goals} onChange={setGoals} onEditing={setEditingGoals} />
      <NotesEditor value={notes} onChange={setNotes} />
      <Group justify="flex-end">
        {editingGoals && (
          <Text size="sm" c="dimmed" data-testid="feeling-update-goals-open">
            {t('feelings.goals.validateFirst')}
          </Text>
        )}
        <Button
          onClick={() => void save()}
          loading={update.isPending}
          disabled={editingGoals}
          data-testid="feeling-update-save"
        >
          {t('feelings.save')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * One feeling (spec 01 §2 `update-feeling`): what was recorded, the two chat buttons (explore it
 * further, regain control) for those who may talk with the assistant, and within the hour after it
 * the word, goals and notes to change; after that, read-only with the reason.
 */
export default function UpdateFeelingOverlay({ params, done }: OverlayProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const id = params.get('feelingId') ?? '';
  const feeling = useFeeling(id);
  // The two chat buttons need `post` on `chat-thread` (spec 01 §6, Essentials).
  const canChat = useAbility().can('post', 'chat-thread') && hasOverlay(CHAT_OVERLAY);
  if (feeling.isPending) return <Loader aria-label={t('common.loading')} />;
  if (feeling.isError) {
    if (feeling.error instanceof ApiError && feeling.error.status === 404)
      return (
        <Alert color="yellow" data-testid="feeling-not-found">
          {t('feelings.update.notFound')}
        </Alert>
      );
    return (
      <ErrorState
        title={t('feelings.update.loadError')}
        error={feeling.error}
        onRetry={() => void feeling.refetch()}
        testId="feeling-load-error"
      />
    );
  }
  return (
    <Stack data-testid="update-feeling-overlay">
      <Summary feeling={feeling.data} />
      {(feeling.data.value < 0 || canChat) && (
        <Group gap="xs" wrap="wrap">
          {feeling.data.value < 0 && (
            <Button
              variant="light"
              onClick={() =>
                void navigate({ pathname: location.pathname, search: overlaySearch('', 'regulation') })
              }
              data-testid="feeling-help"
            >
              {t('regulation.getHelp')}
            </Button>
          )}
          {canChat && (
            <>
              <Button
                variant="light"
                onClick={() =>
                  void navigate({ pathname: location.pathname, search: newChatSearch('explore', id) })
                }
                data-testid="feeling-chat-explore"
              >
                {t('feelings.update.chatExplore')}
              </Button>
              <Button
                variant="light"
                onClick={() =>
                  void navigate({ pathname: location.pathname, search: newChatSearch('regain-control', id) })
                }
                data-testid="feeling-chat-regain"
              >
                {t('feelings.update.chatRegain')}
              </Button>
            </>
          )}
        </Group>
      )}
      {feeling.data.editable ? (
        <Editor feeling={feeling.data} done={done} />
      ) : (
        <ReadOnly feeling={feeling.data} />
      )}
    </Stack>
  );
}
