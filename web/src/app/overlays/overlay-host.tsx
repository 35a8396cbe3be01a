import { Suspense, type ReactNode } from 'react';
import { Loader } from '@mantine/core';
import { Dialog } from '../../components/dialog';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useMe } from '../../lib/me';
import { useIsSignedIn } from '../../lib/auth';
import { afterStep, overlayDefinition, overlaySteps } from '../../lib/overlays';
import '../features';

/** Renders a registered-only overlay for signed-in users who are not guests, nothing otherwise. */
function RegisteredOnly({ children }: { children: ReactNode }) {
  const signedIn = useIsSignedIn();
  const me = useMe(signedIn.data === true);
  if (signedIn.data !== true || !me.data || me.data.profile.isGuest) return null;
  return children;
}

/**
 * Shows the overlay named by the first step of `show`. Escape and the close button go back in
 * history (spec 01 §2); finishing a step replaces the URL with the remaining steps. A
 * registered-only overlay opens only for a signed-in user who is not a guest.
 */
export function OverlayHost() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const [step] = overlaySteps(search.get('show'));
  const definition = step ? overlayDefinition(step) : undefined;
  if (!step || !definition) return null;
  if (definition.requiredParams?.some((p) => !search.get(p))) return null;

  const close = () => {
    if (location.key !== 'default') {
      void navigate(-1);
      return;
    }
    // Opened by a direct link: nothing to go back to, so the same page without the overlay.
    const rest = new URLSearchParams(search);
    rest.delete('show');
    void navigate({ pathname: location.pathname, search: rest.toString() }, { replace: true });
  };
  const done = () =>
    navigate({ pathname: location.pathname, search: afterStep(search).toString() }, { replace: true });
  const Overlay = definition.component;
  const overlay = (
    <Dialog
      opened
      onClose={close}
      title={t(definition.titleKey)}
      size={definition.size ?? 'md'}
      closeLabel={t('common.close')}
    >
      <Suspense fallback={<Loader aria-label={t('app.loading')} />}>
        <Overlay params={search} done={done} close={close} />
      </Suspense>
    </Dialog>
  );
  return definition.registeredOnly ? <RegisteredOnly>{overlay}</RegisteredOnly> : overlay;
}
