import type { SettingsTabProps } from '../../lib/place-extensions';
import EntitlementsTab from './entitlements-tab';
import SessionFormsTab from './session-forms-tab';

/**
 * The Forms tab of the settings (`?tab=forms`): on a sphere, the forms entitled to it and who sees
 * them; on a session, the forms that reach its members.
 */
export default function FormsTab(props: SettingsTabProps) {
  return props.place.kind === 'sphere' ? <EntitlementsTab {...props} /> : <SessionFormsTab {...props} />;
}
