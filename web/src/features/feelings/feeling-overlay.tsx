import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Anchor, Button, Group, NativeSelect, SegmentedControl, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { FeelingGoalInput } from '@shared/contracts/feelings';
import {
  EVALUATION_PERIODS,
  evaluationPeriod,
  feelingColor,
  feelingEnergy,
  feelingValue,
  type EvaluationPeriodType,
  type Mood,
} from '@shared/domain/feelings';
import { isVeryLowFeeling } from '@shared/domain/crisis';
import { closeButtonProps, notifyError, LONG_TOAST_DURATION_MS } from '../../components/notify';
import { currentLanguage } from '../../i18n';
import { useAbility } from '../../lib/ability';
import { CHAT_OVERLAY, SAFETY_OVERLAY, newChatSearch } from '../../lib/chat-links';
import { hasOverlay, overlaySearch, type OverlayProps } from '../../lib/overlays';
import { QUADRANT_STYLE } from '../../lib/quadrants';
import { useCreateFeeling } from './api/feelings';
import { GoalsEditor } from './goals-editor';
import { NotesEditor, type DraftNote } from './notes-editor';
import { FeelingScale } from '../../components/feeling-scale';
import { WordChoice } from '../../components/word-choice';
import { readPosition } from '../../lib/geolocation';
import { ContextChoice, ContextDropped } from '../../components/context-choice';
import { encodeContext, requestedContext } from '../../lib/contexts';
import { useContributionContext } from '../../lib/use-contribution-context';

const isMood = (value: string | null): value is Mood => value === 'good' || value === 'bad';

/**
 * The feeling flow (spec 01 §2 feeling entry, overlay `feeling`, modes good and bad): what time it
 * is about, pleasant or not, two ten-step histograms, then the word, the goals it moves and notes.
 * Save is possible once both histograms have a step, and never twice at once; a failure keeps
 * everything entered.
 */
export default function FeelingOverlay({ params, done, close }: OverlayProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const create = useCreateFeeling();
  // After a hard feeling the toast also offers the assistant (`post` on `chat-thread`, Essentials).
  const canChat = useAbility().can('post', 'chat-thread') && hasOverlay(CHAT_OVERLAY);
  const initialMood = params.get('mode');
  const [mood, setMood] = useState<Mood | null>(isMood(initialMood) ? initialMood : null);
  const { context, setContext, dropped, dismissDropped } = useContributionContext(params, close);
  // A shared link may ask for a period (`period=week`); anything else starts at none.
  const [period, setPeriod] = useState<EvaluationPeriodType>(() => {
    const asked = params.get('period');
    return EVALUATION_PERIODS.includes(asked as EvaluationPeriodType)
      ? (asked as EvaluationPeriodType)
      : 'none';
  });
  const [intensity, setIntensity] = useState<number | null>(null);
  const [energy, setEnergy] = useState<number | null>(null);
  const [wordId, setWordId] = useState<string | null>(null);
  const [goals, setGoals] = useState<FeelingGoalInput[]>([]);
  const [notes, setNotes] = useState<DraftNote[]>([]);
  const position = useRef<ReturnType<typeof readPosition> | null>(null);

  // Asked once when the flow opens, so that saving rarely waits for it.
  useEffect(() => {
    position.current = readPosition();
  }, []);

  const color = useMemo(
    () =>
      mood !== null && intensity !== null && energy !== null
        ? feelingColor(feelingValue(intensity, mood), feelingEnergy(energy))
        : null,
    [mood, intensity, energy],
  );
  const complete = color !== null && mood !== null && intensity !== null && energy !== null;
  const fill = color ? QUADRANT_STYLE[color].fill : 'var(--mantine-color-gray-6)';

  async function save() {
    if (!complete) return;
    try {
      const geoPoint = await (position.current ?? readPosition());
      const created = await create.mutateAsync({
        value: feelingValue(intensity, mood),
        energy: feelingEnergy(energy),
        evaluationPeriod: evaluationPeriod(period),
        geoPoint,
        locale: Intl.DateTimeFormat().resolvedOptions().timeZone,
        ...(wordId ? { wordId } : {}),
        ...(params.get('category') ? { category: params.get('category') as string } : {}),
        ...(context ?? {}),
        // From a quick-answer link: its code, for the place it names (checked by the server).
        ...(context !== null &&
        params.get('validationCode') &&
        encodeContext(context) === encodeContext(requestedContext(params))
          ? { validationCode: params.get('validationCode') as string }
          : {}),
        // From a campaign link: the link, whose tags the feeling takes (checked by the server).
        ...(context !== null &&
        params.get('linkId') &&
        encodeContext(context) === encodeContext(requestedContext(params))
          ? { linkId: params.get('linkId') as string }
          : {}),
        personalNotes: notes
          .filter((n) => n.value.trim() !== '')
          .map((n) => ({ value: n.value.trim(), type: n.type })),
        goals,
      });
      const detail = `${location.pathname}${overlaySearch('', 'update-feeling')}&feelingId=${encodeURIComponent(created.id)}`;
      // The lowest reading of both scales: help without any chat, for anyone.
      const veryLow = isVeryLowFeeling(created) && hasOverlay(SAFETY_OVERLAY);
      notifications.show({
        color: 'green',
        autoClose: LONG_TOAST_DURATION_MS,
        closeButtonProps: closeButtonProps(),
        'data-testid': 'feeling-saved',
        message: (
          <Stack gap={4}>
            <Text size="sm">{t('feelings.saved')}</Text>
            {veryLow && (
              <Anchor
                component="button"
                size="sm"
                fw={700}
                onClick={() => void navigate(`${location.pathname}${overlaySearch('', SAFETY_OVERLAY)}`)}
                data-testid="feeling-saved-help-now"
              >
                {t('feelings.helpNow')}
              </Anchor>
            )}
            <Anchor
              component="button"
              size="sm"
              onClick={() => void navigate(detail)}
              data-testid="feeling-saved-detail"
            >
              {t('feelings.seeDetail')}
            </Anchor>
            {mood === 'bad' && (
              <Anchor
                component="button"
                size="sm"
                onClick={() => void navigate(`${location.pathname}${overlaySearch('', 'regulation')}`)}
                data-testid="feeling-saved-help"
              >
                {t('regulation.getHelp')}
              </Anchor>
            )}
            {mood === 'bad' && canChat && (
              <Anchor
                component="button"
                size="sm"
                onClick={() => void navigate(`${location.pathname}${newChatSearch('explore', created.id)}`)}
                data-testid="feeling-saved-chat"
              >
                {t('feelings.talkItThrough')}
              </Anchor>
            )}
          </Stack>
        ),
      });
      done();
    } catch (error) {
      notifyError(error);
    }
  }

  const language = currentLanguage();
  return (
    <Stack data-testid="feeling-overlay">
      {dropped && <ContextDropped onClose={dismissDropped} testId="feeling-context-dropped" />}
      <ContextChoice value={context} onChange={setContext} testId="feeling-context" />
      <NativeSelect
        label={t('feelings.period.label')}
        value={period}
        onChange={(event) => setPeriod(event.currentTarget.value as EvaluationPeriodType)}
        data={EVALUATION_PERIODS.map((p) => ({ value: p, label: t(`feelings.period.${p}`) }))}
        data-testid="feeling-period"
      />
      <div>
        <Text id="feeling-mood-legend" fw={600} mb={4}>
          {t('feelings.mood.legend')}
        </Text>
        <SegmentedControl
          fullWidth
          aria-labelledby="feeling-mood-legend"
          value={mood ?? ''}
          onChange={(value) => {
            if (isMood(value)) setMood(value);
            setWordId(null);
          }}
          data={[
            {
              value: 'good',
              label: (
                <>
                  <span aria-hidden="true">☺ </span>
                  {t('feelings.mood.good')}
                </>
              ),
            },
            {
              value: 'bad',
              label: (
                <>
                  <span aria-hidden="true">☹ </span>
                  {t('feelings.mood.bad')}
                </>
              ),
            },
          ]}
          data-testid="feeling-mood"
        />
      </div>
      <FeelingScale
        name="intensity"
        legend={t('feelings.intensity.legend')}
        describe={(step) => t('feelings.stepOf', { step: step + 1, total: 10 })}
        low={t('feelings.intensity.low')}
        high={t('feelings.intensity.high')}
        value={intensity}
        onChange={(step) => {
          setIntensity(step);
          setWordId(null);
        }}
        fill={fill}
      />
      <FeelingScale
        name="energy"
        legend={t('feelings.energy.legend')}
        describe={(step) => t('feelings.stepOf', { step: step + 1, total: 10 })}
        low={t('feelings.energy.low')}
        high={t('feelings.energy.high')}
        value={energy}
        onChange={(step) => {
          setEnergy(step);
          setWordId(null);
        }}
        fill={fill}
      />
      {color ? (
        <WordChoice color={color} value={wordId} onChange={setWordId} language={language} />
      ) : (
        <Alert color="gray" data-testid="feeling-incomplete">
          {t('feelings.incomplete')}
        </Alert>
      )}
      <GoalsEditor value={goals} onChange={setGoals} />
      <NotesEditor value={notes} onChange={setNotes} />
      <Group justify="flex-end">
        <Button
          onClick={() => void save()}
          disabled={!complete}
          loading={create.isPending}
          data-testid="feeling-save"
        >
          {t('feelings.save')}
        </Button>
      </Group>
    </Stack>
  );
}
