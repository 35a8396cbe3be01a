import type { Example } from './example';

const tag = { name: { en: 'Planted tag' }, type: 'department', color: '#112233', weight: 0 };

/** Tag routes aim at the owner's sphere: its tags and rules are its admins' alone. */
export const examples: Record<string, Example> = {
  listSphereTags: (owner) => ({ params: { id: owner.sphereId ?? 'none' } }),
  createSphereTag: (owner) => ({ params: { id: owner.sphereId ?? 'none' }, body: tag }),
  getSphereTag: (owner) => ({ params: { id: owner.sphereId ?? 'none', tagId: 'age-under-25' } }),
  updateSphereTag: (owner) => ({
    params: { id: owner.sphereId ?? 'none', tagId: 'age-under-25' },
    body: { ...tag, modules: ['member'], keywords: [], archived: true },
  }),
  sphereTagFacets: (owner) => ({ params: { id: owner.sphereId ?? 'none' } }),
  initializeSphereTags: (owner) => ({ params: { id: owner.sphereId ?? 'none' } }),
  listTagSelections: (owner) => ({ params: { id: owner.sphereId ?? 'none' } }),
  saveTagSelection: (owner) => ({
    params: { id: owner.sphereId ?? 'none' },
    body: { selectionId: 'user_gender', selection: { rules: [] } },
  }),
  // The report's groups are its readers' (smartReport): the tag to pair with is a starter tag.
  sphereReportGroups: (owner) => ({
    params: { id: owner.sphereId ?? 'none' },
    query: { with: 'age-under-25' },
  }),
};
