import type { Language } from '@shared/contracts/headers';
import type { Tag } from '@shared/contracts/tags';
import { tagName } from '@shared/domain/tags';

/**
 * The tags the link form offers: the sphere's active tags meant for direct links (module `direct`),
 * and those the link holds already (even archived since, or of another module), each named in the
 * reader's language.
 */
export function tagChoices(
  tags: readonly Tag[],
  held: readonly string[],
  language: Language,
): { value: string; label: string }[] {
  const byId = new Map(tags.map((tag) => [tag.id, tag]));
  const offered = tags.filter((tag) => !tag.archived && tag.modules.includes('direct')).map((tag) => tag.id);
  return [...offered, ...held.filter((id) => !offered.includes(id))].map((id) => {
    const tag = byId.get(id);
    return { value: id, label: tag ? tagName(tag.name, language) || id : id };
  });
}
