import { useEffect, useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  List,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { currentLanguage } from '../../../i18n';
import type { OverlayProps } from '../../../lib/overlays';
import { overlaySearch } from '../../../lib/overlays';
import {
  REGULATION_MINUTES,
  STRATEGIES,
  type RegulationMinutes,
  type Strategy,
  type Technique,
} from '@shared/domain/regulation';

const pad = (n: number) => String(n).padStart(2, '0');
export const clock = (seconds: number) => `${pad(Math.floor(seconds / 60))}:${pad(seconds % 60)}`;

/** Seconds left until `endsAt`, computed from the clock so that a throttled tab stays right. */
function useCountdown(endsAt: number | null, pausedLeft: number | null) {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (endsAt === null) return;
    const id = window.setInterval(() => setTick((n) => n + 1), 1000);
    return () => window.clearInterval(id);
  }, [endsAt]);
  if (pausedLeft !== null) return pausedLeft;
  if (endsAt === null) return null;
  return Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
}

function TechniqueView({ technique, back }: { technique: Technique; back: () => void }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const navigate = useNavigate();
  const location = useLocation();
  const [minutes, setMinutes] = useState<RegulationMinutes>(5);
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [pausedLeft, setPausedLeft] = useState<number | null>(null);
  const left = useCountdown(endsAt, pausedLeft);
  const running = endsAt !== null && pausedLeft === null && left !== null && left > 0;
  const finished = left === 0;

  const start = () => {
    setPausedLeft(null);
    setEndsAt(Date.now() + minutes * 60_000);
  };
  const pause = () => setPausedLeft(left);
  const resume = () => {
    if (pausedLeft === null) return;
    setEndsAt(Date.now() + pausedLeft * 1000);
    setPausedLeft(null);
  };
  const stop = () => {
    setEndsAt(null);
    setPausedLeft(null);
  };

  return (
    <Stack data-testid={`technique-${technique.id}`}>
      <Anchor component="button" onClick={back} size="sm" style={{ alignSelf: 'flex-start' }}>
        {t('regulation.back')}
      </Anchor>
      <Title order={2} size="h3">
        {technique.title[language]}
      </Title>
      <Text>{technique.why[language]}</Text>
      <List type="ordered" spacing="xs" data-testid="technique-steps">
        {technique.steps.map((step) => (
          <List.Item key={step.en}>{step[language]}</List.Item>
        ))}
      </List>
      {endsAt === null ? (
        <Group align="flex-end">
          <div>
            <Text id="regulation-time" size="sm" fw={600} mb={4}>
              {t('regulation.time')}
            </Text>
            <SegmentedControl
              aria-labelledby="regulation-time"
              value={String(minutes)}
              onChange={(value) => setMinutes(Number(value) as RegulationMinutes)}
              data={REGULATION_MINUTES.map((m) => ({
                value: String(m),
                label: t('regulation.minutes', { count: m }),
              }))}
              data-testid="regulation-minutes"
            />
          </div>
          <Button onClick={start} data-testid="regulation-start">
            {t('regulation.start')}
          </Button>
        </Group>
      ) : (
        <Card withBorder>
          <Stack gap="xs" align="flex-start">
            <Text
              role="timer"
              size="xl"
              fw={700}
              aria-label={t('regulation.left', { time: clock(left ?? 0) })}
              data-testid="regulation-clock"
            >
              {clock(left ?? 0)}
            </Text>
            <Text aria-live="polite" size="sm" data-testid="regulation-status">
              {finished ? t('regulation.done') : running ? t('regulation.running') : t('regulation.paused')}
            </Text>
            <Group gap="xs">
              {running && (
                <Button variant="default" onClick={pause} data-testid="regulation-pause">
                  {t('regulation.pause')}
                </Button>
              )}
              {pausedLeft !== null && !finished && (
                <Button variant="default" onClick={resume} data-testid="regulation-resume">
                  {t('regulation.resume')}
                </Button>
              )}
              <Button variant="default" onClick={stop} data-testid="regulation-stop">
                {t(finished ? 'regulation.again' : 'regulation.stop')}
              </Button>
              {finished && (
                <Button
                  onClick={() =>
                    void navigate({ pathname: location.pathname, search: overlaySearch('', 'feeling') })
                  }
                  data-testid="regulation-record"
                >
                  {t('regulation.recordNow')}
                </Button>
              )}
            </Group>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}

function Choices<T extends { id: string; title: Record<string, string> }>({
  items,
  describe,
  onChoose,
  testId,
}: {
  items: readonly T[];
  describe: (item: T) => string;
  onChoose: (item: T) => void;
  testId: string;
}) {
  const language = currentLanguage();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} data-testid={testId}>
      {items.map((item) => (
        <UnstyledButton
          key={item.id}
          onClick={() => onChoose(item)}
          data-testid={`${testId}-${item.id}`}
          style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 8, padding: 12 }}
        >
          <Text fw={700}>{item.title[language]}</Text>
          <Text size="sm" c="dimmed">
            {describe(item)}
          </Text>
        </UnstyledButton>
      ))}
    </SimpleGrid>
  );
}

/**
 * Help with a hard feeling (spec 01 §2): five strategies, four techniques each; the person picks
 * one (or arrives on one, `technique=<id>`), gives it 5 to 60 minutes, and a timer runs with the technique's steps on screen. It says
 * plainly that it is self-help and where to turn in danger.
 */
export default function RegulationOverlay({ params }: OverlayProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  // A link may name a technique (the assistant's card: `technique=five-senses`): it opens there.
  const [asked] = useState(() => {
    const id = params.get('technique');
    const strategy = STRATEGIES.find((s) => s.techniques.some((x) => x.id === id));
    return strategy ? { strategy, technique: strategy.techniques.find((x) => x.id === id) } : undefined;
  });
  const [strategy, setStrategy] = useState<Strategy | undefined>(
    () => asked?.strategy ?? STRATEGIES.find((s) => s.id === params.get('strategy')),
  );
  const [technique, setTechnique] = useState<Technique | undefined>(asked?.technique);

  return (
    <Stack data-testid="regulation-overlay">
      {!strategy && (
        <>
          <Text>{t('regulation.intro')}</Text>
          <Choices
            items={STRATEGIES}
            describe={(s) => s.summary[language]}
            onChoose={setStrategy}
            testId="strategy"
          />
        </>
      )}
      {strategy && !technique && (
        <>
          <Anchor
            component="button"
            onClick={() => setStrategy(undefined)}
            size="sm"
            style={{ alignSelf: 'flex-start' }}
          >
            {t('regulation.back')}
          </Anchor>
          <Title order={2} size="h3">
            {strategy.title[language]}
          </Title>
          <Text>{strategy.summary[language]}</Text>
          <Choices
            items={strategy.techniques}
            describe={(x) => x.why[language]}
            onChoose={setTechnique}
            testId="technique"
          />
        </>
      )}
      {technique && <TechniqueView technique={technique} back={() => setTechnique(undefined)} />}
      <Alert color="gray" data-testid="regulation-disclaimer">
        {t('regulation.disclaimer')}
      </Alert>
    </Stack>
  );
}
