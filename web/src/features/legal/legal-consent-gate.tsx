import { useState } from 'react';
import { Alert, Anchor, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { Dialog } from '../../components/dialog';
import { useQueryClient } from '@tanstack/react-query';
import { consentKey, useTickedDocuments } from '../../lib/ticked-documents';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { LegalConsent } from '@shared/contracts/me';
import { endSession, useIsSignedIn } from '../../lib/auth';
import { errorMessages } from '../../lib/errors';
import { LOGIN_PATH } from '../../lib/routes';
import { pendingConsents, useAcceptLegalConsents, useLegalConsents } from '../../lib/legal-consents';

function PendingConsents({ pending }: { pending: LegalConsent[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const accept = useAcceptLegalConsents();
  const { ticked, toggle, allTicked: everyTicked } = useTickedDocuments();
  const [leaving, setLeaving] = useState(false);
  const allTicked = everyTicked(pending);

  async function deny() {
    setLeaving(true);
    await endSession();
    queryClient.clear();
    await navigate(LOGIN_PATH, { replace: true });
  }

  return (
    <Dialog
      opened
      onClose={() => undefined}
      blocking
      title={t('legal.title')}
      data-testid="legal-consent-modal"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!allTicked || accept.isPending) return;
          accept.mutate(
            pending.map((c) => ({ documentType: c.documentType, version: c.version, lang: c.lang })),
          );
        }}
      >
        <Stack>
          <Text>{t('legal.intro')}</Text>
          {pending.map((c) => {
            const key = consentKey(c);
            const name = t(`legal.documents.${c.documentType}`);
            return (
              <Stack key={key} gap={4}>
                <Anchor
                  href={c.path}
                  target="_blank"
                  rel="noopener noreferrer"
                  data-testid={`legal-link-${c.documentType}`}
                >
                  {t('legal.read', { name, version: c.version })}
                </Anchor>
                <Checkbox
                  data-testid={`legal-check-${c.documentType}`}
                  label={t('legal.accept', { name })}
                  checked={ticked.has(key)}
                  onChange={(event) => toggle(key, event.currentTarget.checked)}
                />
              </Stack>
            );
          })}
          {!allTicked && (
            <Text size="sm" c="dimmed" data-testid="legal-missing">
              {t('legal.missing')}
            </Text>
          )}
          {accept.isError && (
            <Alert color="red" role="alert" data-testid="legal-error">
              {errorMessages(accept.error, t)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" data-testid="legal-deny" loading={leaving} onClick={() => void deny()}>
              {t('legal.deny')}
            </Button>
            <Button type="submit" data-testid="legal-accept" disabled={!allTicked} loading={accept.isPending}>
              {t('legal.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}

/**
 * Blocks the app while any legal document is pending (spec 01 §2): the user accepts every pending
 * document, or refuses and is signed out. Renders nothing when nothing is pending, when signed
 * out, and on the sign-in page.
 */
export function LegalConsentGate() {
  const { pathname } = useLocation();
  const signedIn = useIsSignedIn();
  const active = signedIn.data === true && pathname !== LOGIN_PATH;
  const consents = useLegalConsents(active);
  const pending = pendingConsents(consents.data);
  if (!active || pending.length === 0) return null;
  return <PendingConsents pending={pending} />;
}
