import { Button, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { AvailableForm } from '@shared/contracts/forms';
import type { SessionSummary } from '@shared/contracts/me';
import { textIn } from '@shared/domain/sessions';
import { opensMyselfForms } from '@shared/domain/group-licences';
import { currentLanguage } from '../../i18n';
import { sessionsOf, useMe, useMySessions } from '../../lib/me';
import { overlaySearch } from '../../lib/overlays';
import { useAvailableForms } from './api/forms';
import { ADD_FORM_OVERLAY } from './paths';

/** Whether the person is in a contributor session whose subscription is not starter (`opensMyselfForms`). */
export function inOpenContributorSession(mySessions: readonly SessionSummary[]): boolean {
  return mySessions.some(opensMyselfForms);
}

/**
 * The entries of the "myself forms" group (spec 01 §6 menu rules): for a person in a contributor
 * session with a non-starter subscription (`opens`, or told by their groups), the forms available
 * to them that they may answer; none otherwise, and the group does not show.
 */
export function myselfFormsEntries(
  opens: boolean | readonly SessionSummary[],
  forms: readonly AvailableForm[],
): AvailableForm[] {
  if (!(typeof opens === 'boolean' ? opens : inOpenContributorSession(opens))) return [];
  return forms.filter((f) => !f.reserved);
}

/**
 * Whether the person is in an open contributor group: the start call's `openContributorGroups`
 * (decision 0055), so that the top bar reads no group list; an older server's start call does not
 * say, and the groups (`GET /v1/me/sessions`) then tell. Undefined until known.
 */
function useOpensMyselfForms(): boolean | undefined {
  const me = useMe();
  const counted = me.data?.openContributorGroups;
  const mine = useMySessions(me.data !== undefined && counted === undefined);
  if (counted !== undefined) return counted > 0;
  return mine.data ? inOpenContributorSession(sessionsOf(mine.data)) : undefined;
}

/**
 * The "myself forms" group of the main navigation: a menu of my forms, each opening the `addForm`
 * overlay on the current page.
 */
export default function MyselfFormsMenu() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const opens = useOpensMyselfForms() === true;
  const navigate = useNavigate();
  const location = useLocation();
  const available = useAvailableForms(opens);
  const entries = myselfFormsEntries(opens, available.data?.items ?? []);
  if (entries.length === 0) return null;

  const open = (formId: string) => {
    const params = new URLSearchParams(overlaySearch(location.search, ADD_FORM_OVERLAY));
    params.set('formId', formId);
    void navigate({ pathname: location.pathname, search: `?${params.toString()}` });
  };
  return (
    <Menu position="bottom-start" withinPortal trapFocus withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Button variant="subtle" c="blue.9" size="compact-md" fw={500} data-testid="nav-myself-forms">
          {t('formsCentre.menu.title')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown data-testid="nav-myself-forms-dropdown">
        <Menu.Label>{t('formsCentre.menu.label')}</Menu.Label>
        {entries.map(({ form }) => (
          <Menu.Item key={form.id} onClick={() => open(form.id)} data-testid={`nav-myself-form-${form.id}`}>
            {textIn(form.title, language, form.languages[0]) || form.id}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
