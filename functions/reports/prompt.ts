import type { DataShot, ReportLanguage } from '@shared/contracts/custom-reports';
import { inLanguage } from '@shared/domain/thinkings';
import { ValidationError } from '../lib/errors';
import { activeTagsOf } from '../spheres';
import { cardDataReader, findCard, findReport, groupNameOf, type ReportScope } from './custom-reports';
import { FILE_LABELS } from './render/labels';
import { writeCardText, type CardText } from './writer';

/** A name in the asked language, else in another it has, else the id. */
const named = (name: Partial<Record<ReportLanguage, string>> | undefined, lang: ReportLanguage, id: string) =>
  (name && inLanguage(name, lang)) || id;

/** The thinking axes' names in a language, by id (the thinkings domain owns them). */
export async function axisNamesOf(
  axisIds: readonly string[],
): Promise<Map<string, Partial<Record<ReportLanguage, string>>>> {
  if (!axisIds.length) return new Map();
  const { findAxis } = await import('../thinkings');
  const axes = await Promise.all(axisIds.map((id) => findAxis(id)));
  return new Map(axes.flatMap((a) => (a ? [[a.axisId, a.name] as const] : [])));
}

/**
 * POST the card prompt (spec 02 §2 custom reports): a text written from the card's figures as the
 * privacy function lets them out, in one of the report's languages. The text is answered, not
 * kept: the person reads it and keeps it (or not) by changing the card.
 */
export async function promptCard(
  scope: ReportScope,
  reportId: string,
  cardId: string,
  lang: ReportLanguage,
): Promise<CardText> {
  const report = await findReport(scope, reportId);
  if (!report.languages.includes(lang)) throw new ValidationError([{ key: 'not-valid', field: 'body.lang' }]);
  const card = await findCard(reportId, cardId);
  const shot = card.dataShot as DataShot | undefined;
  const data = shot ? await cardDataReader(report)(shot) : undefined;
  // The card's tags; else a group's report speaks of the group, a sphere's of the whole sphere.
  let groupLabel: string;
  if (shot?.tagIds.length) {
    const tags = (await activeTagsOf([scope.sphereId])).get(scope.sphereId) ?? [];
    groupLabel = shot.tagIds.map((id) => named(tags.find((t) => t.tagId === id)?.name, lang, id)).join(' + ');
  } else {
    groupLabel = (await groupNameOf(report, lang)) ?? FILE_LABELS[lang].wholeSphere;
  }
  const thinking =
    data?.source === 'thinkings'
      ? data.total
      : data?.source === 'campaign' && data.result.kind === 'thinking'
        ? data.result.figure
        : undefined;
  const axisIds = thinking?.shown ? thinking.axes.map((a) => a.axisId) : [];
  const axes = await axisNamesOf(axisIds);
  return writeCardText({
    lang,
    title: card.title,
    dataShot: shot,
    data,
    groupLabel,
    period: { start: report.start, end: report.end },
    axisNames: Object.fromEntries([...axes].map(([id, name]) => [id, named(name, lang, id)])),
  });
}
