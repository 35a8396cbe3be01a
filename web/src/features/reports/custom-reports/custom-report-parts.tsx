import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { Alert, Anchor, Badge, Container, Group, Loader, Skeleton, Stack, Text, Title } from '@mantine/core';
import { subject } from '@casl/ability';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import {
  REPORT_LANGUAGES,
  type CustomReportDetail,
  type ReportCard,
  type ReportLanguage,
  type RenderStatus,
} from '@shared/contracts/custom-reports';
import { textIn } from '@shared/domain/sessions';
import { ErrorState } from '../../../components/error-state';
import { currentLanguage } from '../../../i18n';
import { useAbility } from '../../../lib/ability';
import { formatDate } from '../../../lib/dates';
import { ApiError } from '../../../lib/errors';
import { useMe } from '../../../lib/me';
import type { ReportScope } from '../api/custom-reports';
import { useReportSession } from '../api/reports';

type ReportStatus = CustomReportDetail['status'];
type PartStatus = CustomReportDetail['parts'][number]['status'];
type DataShotStatus = NonNullable<ReportCard['dataShotStatus']>;

const REPORT_STATUS_COLOURS: Record<ReportStatus, string> = {
  draft: 'gray',
  inProgress: 'blue',
  preview: 'cyan',
  readyForValidation: 'yellow',
  validated: 'teal',
  translated: 'grape',
  published: 'green',
  archived: 'dark',
};
const PART_STATUS_COLOURS: Record<PartStatus, string> = {
  draft: 'gray',
  inProgress: 'blue',
  preview: 'cyan',
  validated: 'teal',
};
const DATA_SHOT_STATUS_COLOURS: Record<DataShotStatus, string> = {
  draft: 'gray',
  validated: 'teal',
  published: 'green',
};
const RENDER_STATUS_COLOURS: Record<RenderStatus, string> = {
  inProgress: 'blue',
  done: 'green',
  error: 'red',
  cancelled: 'gray',
};

/** A status as a badge whose text says it (the colour never alone). */
export function StatusBadge(
  props:
    | { kind: 'report'; status: ReportStatus; testId?: string }
    | { kind: 'part'; status: PartStatus; testId?: string }
    | { kind: 'dataShot'; status: DataShotStatus; testId?: string },
) {
  const { t } = useTranslation();
  const colour =
    props.kind === 'report'
      ? REPORT_STATUS_COLOURS[props.status]
      : props.kind === 'part'
        ? PART_STATUS_COLOURS[props.status]
        : DATA_SHOT_STATUS_COLOURS[props.status];
  return (
    // The text stays dark on the tinted background: readable whatever the colour.
    <Badge color={colour} variant="light" c="dark.8" tt="none" data-testid={props.testId}>
      {t(`reports.custom.status.${props.kind}.${props.status}`)}
    </Badge>
  );
}

/** A render's status: its text with a sign (a spinner while it runs), never its colour alone. */
export function RenderStatusBadge({ status, testId }: { status: RenderStatus; testId?: string }) {
  const { t } = useTranslation();
  const sign =
    status === 'inProgress' ? (
      <Loader size={10} color="blue.9" aria-hidden />
    ) : (
      <span aria-hidden>{status === 'done' ? '✓' : status === 'error' ? '!' : '–'}</span>
    );
  return (
    <Badge
      color={RENDER_STATUS_COLOURS[status]}
      variant="light"
      c="dark.8"
      tt="none"
      leftSection={sign}
      data-testid={testId}
    >
      {t(`reports.custom.status.render.${status}`)}
    </Badge>
  );
}

/** A report's period as the product writes dates. */
export function periodText(report: { start: string; end: string }, t: TFunction) {
  return t('reports.custom.period', { start: formatDate(report.start), end: formatDate(report.end) });
}

/** The default name of a render (spec 02 §5): today as DD-MM-YYYY, then the report's name. */
export function defaultRenderName(reportName: string, now: Date): string {
  return `${dayjs(now).format('DD-MM-YYYY')} ${reportName}`;
}

/**
 * The language a card's text is written in: the reader's when the report has it, else the
 * report's first.
 */
export function promptLanguage(languages: readonly ReportLanguage[], ui: string): ReportLanguage {
  const own = REPORT_LANGUAGES.find((l) => l === ui);
  if (own && languages.includes(own)) return own;
  return languages[0] ?? 'fr';
}

/** A card with how deep it sits under its parent cards (0 at the top of its part). */
export interface PlacedCard<C extends ReportCard = ReportCard> {
  card: C;
  depth: number;
}

/**
 * A part's cards as a tree read in order: each card by its position, its children (by
 * `parentCardId`) right after it, indented. A card whose parent is not in the list stands at the top.
 */
export function cardTree<C extends ReportCard>(cards: readonly C[]): PlacedCard<C>[] {
  const ids = new Set(cards.map((c) => c.cardId));
  const byPosition = [...cards].sort((a, b) => a.position - b.position);
  const children = new Map<string, C[]>();
  const roots: C[] = [];
  for (const card of byPosition) {
    const parent = card.parentCardId;
    if (parent && ids.has(parent) && parent !== card.cardId)
      children.set(parent, [...(children.get(parent) ?? []), card]);
    else roots.push(card);
  }
  const placed: PlacedCard<C>[] = [];
  const seen = new Set<string>();
  const visit = (card: C, depth: number) => {
    // A loop of parents cannot hide a card nor repeat it.
    if (seen.has(card.cardId)) return;
    seen.add(card.cardId);
    placed.push({ card, depth });
    for (const child of children.get(card.cardId) ?? []) visit(child, depth + 1);
  };
  for (const root of roots) visit(root, 0);
  for (const card of byPosition) visit(card, 0);
  return placed;
}

/** A read the reader may not make, or of something that is not there: the same answer for both. */
export const refused = (error: unknown) => error instanceof ApiError && [403, 404].includes(error.status);

/** The server's refusal of a starter group's custom reports (spec 02 §2, decision 0037). */
export const essentialsRequired = (error: unknown) =>
  error instanceof ApiError && error.status === 403 && error.keys.includes('essentials-required');

/**
 * Why custom reports are refused, in words: a group's need the group's Essentials subscription
 * (spec 02 §2: hidden for a starter session), anything else is not for the reader.
 */
export function refusalText(
  reason: { starterGroup: boolean; error: unknown; ofGroup: boolean },
  t: TFunction,
): string {
  if (reason.starterGroup || essentialsRequired(reason.error))
    return t(reason.ofGroup ? 'reports.custom.group.starter' : 'reports.custom.essentialsRequired');
  return t('reports.custom.notAllowed');
}

/**
 * Whether the reader may handle a scope's custom reports: a sphere's are its admins' (smartReport);
 * a group's are its members' with Essentials (`report` on its reports, decision 0037: the
 * group-report exception keeps out its referents and the sphere's admins who are not members).
 */
export function useMayEditReports(scope: ReportScope) {
  const ability = useAbility();
  const me = useMe();
  return { pending: me.isPending, allowed: mayEditReports(ability, scope) };
}

function mayEditReports(ability: ReturnType<typeof useAbility>, { sphereId, sessionId }: ReportScope) {
  // `subject` marks the object it is given with its type: each check gets its own copy.
  return sessionId === undefined
    ? ability.can('smartReport', subject('sphere', { sphereId }))
    : ability.can('report', subject('report', { sessionId, sphereId }));
}

/**
 * Whether the reader may render a scope's reports and download their documents: a sphere's, those
 * who may export its reports; a group's, the members who work on them.
 */
export function mayRenderReports(ability: ReturnType<typeof useAbility>, scope: ReportScope): boolean {
  return scope.sessionId === undefined
    ? ability.can('export', subject('sphere', { sphereId: scope.sphereId }))
    : mayEditReports(ability, scope);
}

/** Whose custom reports a page shows, and whether the reader may handle them. */
export interface ReportsAccess {
  /** The sphere, and the group on a group's path (its sphere once the group is read). */
  scope: ReportScope;
  pending: boolean;
  allowed: boolean;
  /** On a group's path: the group, its name as the reader may see it (spec 01 §6), once read. */
  group: { id: string; name: string } | null;
  /** On a group's path: the group has the starter subscription, whose custom reports are refused. */
  starterGroup: boolean;
  /** The group could not be read, for another reason than a refusal. */
  failure: { error: unknown; refetch: () => unknown } | null;
}

/**
 * The custom reports of the page's path: a sphere's (`sphereId`), or a group's (`sessionId`,
 * decision 0037), whose group is read first for its sphere and its name (a member may not read the
 * sphere).
 */
export function useReportsAccess(): ReportsAccess {
  const { sphereId = '', sessionId } = useParams();
  const ability = useAbility();
  const me = useMe();
  const session = useReportSession(sessionId ?? '', sessionId !== undefined);
  if (sessionId === undefined) {
    const scope = { sphereId };
    return {
      scope,
      pending: me.isPending,
      allowed: mayEditReports(ability, scope),
      group: null,
      starterGroup: false,
      failure: null,
    };
  }
  const s = session.data;
  const scope = { sphereId: s?.sphereId ?? '', sessionId };
  // A starter group has no custom reports (spec 02 §2), whoever reads them.
  const starterGroup = s !== undefined && s.subscription !== 'essentials';
  return {
    scope,
    pending: me.isPending || session.isPending,
    allowed: s !== undefined && !starterGroup && mayEditReports(ability, scope),
    group: s ? { id: s.id, name: textIn(s.name, currentLanguage()) } : null,
    starterGroup,
    failure:
      session.isError && !refused(session.error)
        ? { error: session.error, refetch: () => session.refetch() }
        : null,
  };
}

/** The frame of the custom-report pages: the way back, the title, then the page. */
export function CustomFrame({
  title,
  back,
  testId,
  actions,
  children,
}: {
  title: string;
  back: { to: string; label: string } | null;
  testId: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Container size="lg">
      <Stack data-testid={testId}>
        {back && (
          <Text size="sm">
            <Anchor component={Link} to={back.to} data-testid={`${testId}-back`}>
              {back.label}
            </Anchor>
          </Text>
        )}
        <Group justify="space-between" wrap="wrap">
          <Title order={1}>{title}</Title>
          {actions}
        </Group>
        {children}
      </Stack>
    </Container>
  );
}

/** Before a page's content: its loading, its refusal and its failure, else `null`. */
export function pageStatus(
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown },
  access: {
    pending: boolean;
    allowed: boolean;
    failure?: { error: unknown; refetch: () => unknown } | null;
    /** A group's reports: refused to a starter group. */
    group?: unknown;
    starterGroup?: boolean;
  },
  { loadError, testId }: { loadError: string; testId: string },
  t: TFunction,
): ReactNode | null {
  const loading = <Skeleton height={160} data-testid={`${testId}-loading`} />;
  if (access.failure)
    return (
      <ErrorState
        title={t('reports.page.sessionError')}
        error={access.failure.error}
        onRetry={() => void access.failure?.refetch()}
        testId={`${testId}-group-error`}
      />
    );
  if (access.pending) return loading;
  // Refused before anything is asked: a query never sent stays pending.
  if (!access.allowed || refused(query.error))
    return (
      <Alert color="gray" data-testid={`${testId}-not-allowed`}>
        {refusalText(
          {
            starterGroup: access.starterGroup ?? false,
            error: query.error,
            ofGroup: access.group !== undefined && access.group !== null,
          },
          t,
        )}
      </Alert>
    );
  if (query.isPending) return loading;
  if (query.isError)
    return (
      <ErrorState
        title={loadError}
        error={query.error}
        onRetry={() => void query.refetch()}
        testId={`${testId}-error`}
      />
    );
  return null;
}

export { AnonymityAlert } from '../common/report-parts';
