import { useState } from 'react';
import { Box, Container, Group } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ParticipationView } from '@shared/contracts/campaigns';
import { InfoScreen, ThanksScreen, WelcomeScreen } from './screens';
import { StepMenu, THANKS_ENTRY } from './step-menu';
import { StepPanel } from './step-panel';
import { TopBar } from './top-bar';

/** The screens that show the step menu beside them: going through the steps, and after the last. */
const WITH_MENU: readonly ParticipationView['screen'][] = ['steps', 'thanks', 'already-done'];

/** The entry the menu opens on: the step to go on with, or the thank-you entry once done. */
function entryOf(view: ParticipationView): string | null {
  if (view.screen === 'steps') return view.participation?.currentStepId ?? null;
  if (view.screen === 'thanks' || view.screen === 'already-done') return THANKS_ENTRY;
  return null;
}

/**
 * The campaign's screen, from the server's `screen` (spec 02 §2): the top bar, then the welcome,
 * the steps with their menu, the thanks, or the page saying why there is nothing to answer.
 */
export function CampaignScreen({ view, code }: { view: ParticipationView; code: string | undefined }) {
  const narrow = useMediaQuery('(max-width: 36em)') ?? false;
  const [menuOpen, setMenuOpen] = useState<boolean | null>(null);
  // What the participant chose in the menu; until then, where the participation stands.
  const [chosen, setChosen] = useState<string | null>(null);
  const selected = chosen ?? entryOf(view);
  const participation = view.participation;
  const withMenu = participation !== undefined && WITH_MENU.includes(view.screen);
  const open = menuOpen ?? !narrow;

  // Once the participant moves (accepting, declining, a menu entry, a save), the focus follows to
  // what opens.
  const [firstScreen] = useState(view.screen);
  const [chose, setMoved] = useState(false);
  const moved = chose || view.screen !== firstScreen;
  const choose = (entry: string) => {
    setChosen(entry);
    setMoved(true);
    // On a narrow screen the open menu leaves the step little room: it closes once chosen.
    if (narrow) setMenuOpen(false);
  };
  const afterSave = (next: ParticipationView) => {
    setChosen(entryOf(next));
    setMoved(true);
  };

  let content;
  if (view.screen === 'welcome') content = <WelcomeScreen view={view} code={code} />;
  else if (withMenu && selected !== null && selected !== THANKS_ENTRY)
    content = (
      <StepPanel
        key={selected}
        view={view}
        stepId={selected}
        code={code}
        onSaved={afterSave}
        focusTitle={moved}
      />
    );
  else if (view.screen === 'thanks' || view.screen === 'already-done')
    content = <ThanksScreen view={view} focusTitle={moved} />;
  else content = <InfoScreen view={view} focusTitle={moved} />;

  return (
    <Container size="lg" px={0} data-testid="participation-page" data-screen={view.screen}>
      <TopBar view={view} />
      {withMenu ? (
        <Group align="flex-start" wrap="nowrap" gap="md">
          <StepMenu
            participation={participation}
            selected={selected}
            onSelect={choose}
            open={open}
            onToggle={() => setMenuOpen(!open)}
          />
          <Box style={{ flex: 1, minWidth: 0 }}>{content}</Box>
        </Group>
      ) : (
        content
      )}
    </Container>
  );
}
