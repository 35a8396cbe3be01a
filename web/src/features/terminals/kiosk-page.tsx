import {
  useCallback,
  useEffect,
  useId,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import type { Kiosk } from '@shared/contracts/terminals';
import { HISTOGRAM_STEPS } from '@shared/domain/feelings';
import { textIn } from '@shared/domain/sessions';
import { TERMINAL_THANKS_SECONDS, asksHistograms, asksWord, terminalFeeling } from '@shared/domain/terminals';
import { MoodFace } from '../../components/mood-face';
import { StepScale } from '../../components/step-scale';
import { currentLanguage } from '../../i18n';
import { ApiError, errorMessages } from '../../lib/errors';
import { QUADRANT_STYLE } from '../../lib/quadrants';
import { fetchKiosk, sendTerminalFeeling } from './api/terminals';
import { kioskKeyStorageKey, kioskStorageKey } from './paths';
import { AnswerQueue, type QueuedAnswer } from './queue';

/** How often the kiosk tries again to send what waits, beside the browser's `online` event. */
const FLUSH_EVERY_MS = 20_000;
const STEPS = Array.from({ length: HISTOGRAM_STEPS }, (_, i) => i);

function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}
function writeStorage(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage refused (private mode): the kiosk works for this page only.
  }
}

/** The key of the address's fragment (`#key=…`), kept for this terminal; else the kept one. */
function useTerminalKey(terminalId: string): string | null {
  const location = useLocation();
  const navigate = useNavigate();
  const fromHash = new URLSearchParams(location.hash.replace(/^#/, '')).get('key');
  const [key] = useState(() => {
    if (fromHash) writeStorage(kioskKeyStorageKey(terminalId), fromHash);
    return fromHash ?? readStorage(kioskKeyStorageKey(terminalId));
  });
  useEffect(() => {
    // Out of the address bar once kept: nobody reads it over the visitor's shoulder.
    if (fromHash) void navigate({ pathname: location.pathname, search: location.search }, { replace: true });
  }, [fromHash, navigate, location.pathname, location.search]);
  return key;
}

function cachedKiosk(terminalId: string): Kiosk | undefined {
  try {
    const raw = readStorage(kioskStorageKey(terminalId));
    return raw ? (JSON.parse(raw) as Kiosk) : undefined;
  } catch {
    return undefined;
  }
}

/** A full-screen frame above the app's bar: a kiosk shows nothing else. */
function Frame({ children }: { children: ReactNode }) {
  return (
    <Box
      pos="fixed"
      top={0}
      left={0}
      right={0}
      bottom={0}
      bg="var(--mantine-color-body)"
      style={{ zIndex: 300, overflowY: 'auto' }}
      p="xl"
      data-testid="kiosk"
    >
      <Stack align="center" justify="center" mih="100%" gap="xl">
        {children}
      </Stack>
    </Box>
  );
}

/**
 * The kiosk of a terminal (issue 12 point 11, decision 0028): a public page where anonymous
 * visitors tap good or bad, then the steps the terminal asks, and see a thank-you screen that
 * counts down to the start. Every answer is queued in the browser before it is sent, so the kiosk
 * keeps working offline and sends what waits when the network comes back; the count of waiting
 * answers shows meanwhile.
 */
export default function KioskPage() {
  const { t } = useTranslation();
  const terminalId = useParams().terminalId ?? '';
  const key = useTerminalKey(terminalId);
  const kiosk = useQuery({
    queryKey: ['kiosk', terminalId, key],
    queryFn: async ({ signal }) => {
      const read = await fetchKiosk(terminalId, key ?? '', signal);
      writeStorage(kioskStorageKey(terminalId), JSON.stringify(read));
      return read;
    },
    enabled: key !== null && terminalId !== '',
    initialData: () => cachedKiosk(terminalId),
    initialDataUpdatedAt: 0,
    retry: (count, error) =>
      !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 3,
    meta: { errorsShownInline: true },
  });

  if (key === null)
    return (
      <Frame>
        <Alert color="red" data-testid="kiosk-no-key">
          {t('terminals.kiosk.noKey')}
        </Alert>
      </Frame>
    );
  const refused = kiosk.error instanceof ApiError && kiosk.error.status >= 400 && kiosk.error.status < 500;
  if (refused)
    return (
      <Frame>
        <Alert color="red" role="alert" data-testid="kiosk-refused">
          {errorMessages(kiosk.error, t)}
        </Alert>
      </Frame>
    );
  if (!kiosk.data)
    return (
      <Frame>
        <Loader aria-label={t('terminals.kiosk.loading')} />
      </Frame>
    );
  return <KioskScreens terminalId={terminalId} terminalKey={key} kiosk={kiosk.data} />;
}

type Phase = { step: 'start' } | { step: 'details'; good: boolean } | { step: 'thanks' };

function KioskScreens({
  terminalId,
  terminalKey,
  kiosk,
}: {
  terminalId: string;
  terminalKey: string;
  kiosk: Kiosk;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const queue = useMemo(
    () =>
      new AnswerQueue(
        terminalId,
        (answer) => sendTerminalFeeling(terminalId, terminalKey, answer),
        window.localStorage,
      ),
    [terminalId, terminalKey],
  );
  const waiting = useSyncExternalStore(
    (onChange) => queue.subscribe(onChange),
    () => queue.size,
  );
  useEffect(() => {
    const flush = () => void queue.flush();
    flush();
    window.addEventListener('online', flush);
    const timer = window.setInterval(flush, FLUSH_EVERY_MS);
    return () => {
      window.removeEventListener('online', flush);
      window.clearInterval(timer);
    };
  }, [queue]);

  const [phase, setPhase] = useState<Phase>({ step: 'start' });
  const restart = useCallback(() => setPhase({ step: 'start' }), []);
  const record = (answer: Omit<QueuedAnswer, 'clientId' | 'recordedAt' | 'timeZone'>) => {
    void queue.add({
      ...answer,
      clientId: crypto.randomUUID(),
      recordedAt: new Date().toISOString(),
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    setPhase({ step: 'thanks' });
  };
  const choose = (good: boolean) => {
    if (asksHistograms(kiosk.steps)) setPhase({ step: 'details', good });
    else record({ good });
  };

  return (
    <Frame>
      <Text size="sm" c="dimmed" data-testid="kiosk-place">
        {textIn(kiosk.name, language)}
      </Text>
      {phase.step === 'start' && (
        <Stack align="center" gap="xl" data-testid="kiosk-start">
          <Title order={1} ta="center">
            {t('terminals.kiosk.question')}
          </Title>
          <Group gap={48} justify="center">
            {(['bad', 'good'] as const).map((mood) => (
              <UnstyledButton
                key={mood}
                onClick={() => choose(mood === 'good')}
                data-testid={`kiosk-${mood}`}
                style={{ borderRadius: 24, padding: 16, textAlign: 'center' }}
              >
                <Stack align="center" gap="xs">
                  <MoodFace mood={mood} size={160} />
                  <Text fw={700} size="xl">
                    {t(`terminals.kiosk.${mood}`)}
                  </Text>
                </Stack>
              </UnstyledButton>
            ))}
          </Group>
        </Stack>
      )}
      {phase.step === 'details' && (
        <Details kiosk={kiosk} good={phase.good} onSend={record} onCancel={restart} />
      )}
      {phase.step === 'thanks' && <Thanks onDone={restart} />}
      {waiting > 0 && (
        <Text size="sm" c="dimmed" role="status" data-testid="kiosk-pending">
          {t('terminals.kiosk.pending', { count: waiting })}
        </Text>
      )}
    </Frame>
  );
}

function Scale({
  name,
  legend,
  low,
  high,
  value,
  onChange,
  fill,
}: {
  name: string;
  legend: string;
  low: string;
  high: string;
  value: number | null;
  onChange: (step: number) => void;
  fill: string;
}) {
  const { t } = useTranslation();
  const legendId = useId();
  return (
    <fieldset
      style={{ border: 0, margin: 0, padding: 0, minWidth: 0, width: '100%' }}
      aria-labelledby={legendId}
    >
      <Text component="legend" id={legendId} fw={600} mb={4} style={{ padding: 0 }}>
        {legend}
      </Text>
      <StepScale
        name={name}
        values={STEPS}
        value={value}
        onChange={onChange}
        describe={(step) => t('terminals.kiosk.stepOf', { step: step + 1, total: HISTOGRAM_STEPS })}
        written={(step) => String(step + 1)}
        testId={(step) => `kiosk-${name}-step-${step + 1}`}
        fill={fill}
      />
      <Group justify="space-between" mt={2}>
        <Text size="xs" c="dimmed">
          {low}
        </Text>
        <Text size="xs" c="dimmed">
          {high}
        </Text>
      </Group>
    </fieldset>
  );
}

/** The histograms (and the word) the terminal asks after good or bad. */
function Details({
  kiosk,
  good,
  onSend,
  onCancel,
}: {
  kiosk: Kiosk;
  good: boolean;
  onSend: (answer: { good: boolean; intensityStep?: number; energyStep?: number; wordId?: string }) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [intensity, setIntensity] = useState<number | null>(null);
  const [energy, setEnergy] = useState<number | null>(null);
  const [wordId, setWordId] = useState<string | null>(null);
  const color =
    intensity !== null && energy !== null
      ? terminalFeeling({ good, intensityStep: intensity, energyStep: energy }, kiosk.steps).color
      : null;
  const fill = color ? QUADRANT_STYLE[color].fill : 'var(--mantine-color-gray-6)';
  const words = color ? kiosk.words.filter((w) => w.color === color) : [];
  const send = () =>
    onSend({
      good,
      ...(intensity !== null ? { intensityStep: intensity } : {}),
      ...(energy !== null ? { energyStep: energy } : {}),
      ...(wordId ? { wordId } : {}),
    });
  return (
    <Stack w="100%" maw={640} gap="lg" data-testid="kiosk-details">
      <Group gap="sm">
        <MoodFace mood={good ? 'good' : 'bad'} size={48} />
        <Title order={1} size="h2">
          {t(good ? 'terminals.kiosk.good' : 'terminals.kiosk.bad')}
        </Title>
      </Group>
      <Scale
        name="intensity"
        legend={t('terminals.kiosk.intensity')}
        low={t('terminals.kiosk.intensityLow')}
        high={t('terminals.kiosk.intensityHigh')}
        value={intensity}
        onChange={(step) => {
          setIntensity(step);
          setWordId(null);
        }}
        fill={fill}
      />
      <Scale
        name="energy"
        legend={t('terminals.kiosk.energy')}
        low={t('terminals.kiosk.energyLow')}
        high={t('terminals.kiosk.energyHigh')}
        value={energy}
        onChange={(step) => {
          setEnergy(step);
          setWordId(null);
        }}
        fill={fill}
      />
      {asksWord(kiosk.steps) && words.length > 0 && (
        <fieldset style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
          <Text component="legend" fw={600} mb={4} style={{ padding: 0 }}>
            {t('terminals.kiosk.word')}
          </Text>
          <Chip.Group
            multiple={false}
            value={wordId ?? ''}
            onChange={(value: string) => setWordId(value || null)}
          >
            <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
              {words.map((word) => (
                <Chip key={word.id} value={word.id} data-testid={`kiosk-word-${word.id}`}>
                  {textIn(word.label, language)}
                </Chip>
              ))}
            </SimpleGrid>
          </Chip.Group>
        </fieldset>
      )}
      <Group justify="space-between">
        <Button variant="default" onClick={onCancel} data-testid="kiosk-cancel">
          {t('terminals.kiosk.cancel')}
        </Button>
        <Button size="lg" onClick={send} data-testid="kiosk-send">
          {t('terminals.kiosk.send')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The thank-you screen, counting down to the start screen (the next visitor may also tap on). */
function Thanks({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(TERMINAL_THANKS_SECONDS);
  useEffect(() => {
    if (left <= 0) {
      onDone();
      return;
    }
    const timer = window.setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left, onDone]);
  return (
    <Stack align="center" gap="md" data-testid="kiosk-thanks">
      <Title order={1} ta="center">
        {t('terminals.kiosk.thanks')}
      </Title>
      <Text size="lg" data-testid="kiosk-countdown" aria-live="off">
        {t('terminals.kiosk.countdown', { count: left })}
      </Text>
      <Button variant="light" size="lg" onClick={onDone} data-testid="kiosk-next">
        {t('terminals.kiosk.next')}
      </Button>
    </Stack>
  );
}
