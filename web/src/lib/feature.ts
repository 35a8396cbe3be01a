import type { ComponentType } from 'react';
import type { Action, Subject } from '@shared/contracts/route';
import type { HomeSectionDeclaration } from './home-sections';
import type { NavigationGroupDeclaration } from './navigation-groups';
import type { OverlayDeclaration } from './overlays';
import type { PlaceSectionDeclaration, SettingsTabDeclaration } from './place-extensions';

/** A page a feature owns: its path, who may see it, and its module, loaded when first visited. */
export interface PageDeclaration {
  path: string;
  /** `public` pages are open to anyone; `signed-in` pages send others to the sign-in page first. */
  access: 'public' | 'signed-in';
  load: () => Promise<{ default: ComponentType }>;
}

/**
 * What a feature adds to the app, declared in its face (`features/<name>/index.ts`) and read by
 * the app's one list of features (`app/features.ts`): the router takes the pages, the overlay host
 * the overlays. A new feature is its folder plus one line in that list (docs/adding-a-domain.md).
 */
/** An entry of the main navigation (my space, history, my report; later spheres, campaigns). */
export interface NavigationEntry {
  path: string;
  labelKey: string;
  /** Position in the bar, smallest first. */
  order: number;
  /** Shown only to those the rules allow (an admin entry needs `manage`, spec 01 §6 menu rules). */
  ability?: { action: Action; subject: Subject };
}

export interface FeatureDeclaration {
  name: string;
  pages?: readonly PageDeclaration[];
  navigation?: readonly NavigationEntry[];
  /** Groups of the main navigation after its entries, each showing itself when it applies. */
  navigationGroups?: readonly NavigationGroupDeclaration[];
  homeSections?: readonly HomeSectionDeclaration[];
  overlays?: Readonly<Record<string, OverlayDeclaration>>;
  /** Tabs of the sphere's and the session's settings pages, after their own (`?tab=<id>`). */
  settingsTabs?: readonly SettingsTabDeclaration[];
  /** Sections of the sphere's and the session's pages. */
  placeSections?: readonly PlaceSectionDeclaration[];
}

export function defineFeature<const F extends FeatureDeclaration>(feature: F): F {
  return feature;
}
