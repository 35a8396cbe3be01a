import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * Groups features add to the main navigation after its entries (spec 01 §6 menu rules: the
 * "myself forms" group), without the navigation importing them. A group decides itself whether it
 * shows (it renders nothing otherwise): its entries depend on data only the feature reads. A
 * feature declares them in its face, the app registers them from its list of features, and the
 * navigation shows them in order (as home does with its sections, `home-sections.ts`).
 */
export interface NavigationGroupDeclaration {
  id: string;
  /** Position among the groups, smallest first. */
  order: number;
  load: () => Promise<{ default: ComponentType }>;
}

export interface NavigationGroup {
  id: string;
  order: number;
  component: LazyExoticComponent<ComponentType>;
}

const groups: NavigationGroup[] = [];

export function registerNavigationGroup({ id, order, load }: NavigationGroupDeclaration): void {
  if (groups.some((g) => g.id === id)) throw new Error(`Navigation group "${id}" is registered twice`);
  groups.push({ id, order, component: lazy(load) });
  groups.sort((a, b) => a.order - b.order);
}

/** The groups features add to the main navigation, in order. */
export function navigationGroups(): readonly NavigationGroup[] {
  return groups;
}
