import { useContext, useEffect, useMemo, useState } from 'react';
import { Alert, Anchor, Button, Group, List, Skeleton, Stack, Tabs, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, UNSAFE_DataRouterContext, useBlocker, useParams } from 'react-router';
import type { FieldError } from '@shared/contracts/errors';
import { textIn } from '@shared/domain/sessions';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorState } from '../../components/error-state';
import { notifySuccess } from '../../components/notify';
import { useAbility } from '../../lib/ability';
import { ApiError } from '../../lib/errors';
import { useTabParam } from '../../lib/use-tab-param';
import { useFormDefinition, useMeasureTypes, useUpdateFormDefinition } from './api/forms';
import { AdditionalResultsTab } from './editor/additional-results-tab';
import { CompletedPageTab } from './editor/completed-page-tab';
import { DesignerTab } from './editor/designer-tab';
import { draftProblems, updateBody, type Draft } from './editor/draft';
import { EditorContext } from './editor/editor-context';
import { LogoTab } from './editor/logo-tab';
import { PreviewTab } from './editor/preview-tab';
import { messagesOf, ruleSummary } from './editor/problems';
import { FORMS_ADMIN_PATH } from './paths';

const TABS = ['designer', 'preview', 'completed', 'results', 'logo'] as const;

/** The survey editor (spec 01 §2 `/apps/form/{formId}/editor`, spec 02 §2). */
export default function FormEditorPage() {
  const { formId = '' } = useParams();
  const { t } = useTranslation();
  const loaded = useFormDefinition(formId);

  if (loaded.isPending) return <Skeleton height={240} data-testid="editor-loading" />;
  if (loaded.isError)
    return (
      <ErrorState
        title={t('forms.editor.loadError')}
        error={loaded.error}
        onRetry={() => void loaded.refetch()}
        testId="editor-load-error"
      />
    );
  // A new read (after a save or a reload) starts a new draft.
  return <Editor key={loaded.data.updateDate} form={loaded.data} onReload={() => void loaded.refetch()} />;
}

function Editor({ form, onReload }: { form: Draft; onReload(): void }) {
  const { t } = useTranslation();
  const ability = useAbility();
  const [draft, setDraft] = useState<Draft>(form);
  const [tab, setTab] = useTabParam(TABS);
  const [found, setFound] = useState<FieldError[]>([]);
  const save = useUpdateFormDefinition(form.id);
  const measureTypes = useMeasureTypes();
  // What a save would send: the logo is saved at once by its own routes, and is no edit.
  const dirty = useMemo(
    () => JSON.stringify(updateBody(draft)) !== JSON.stringify(updateBody(form)),
    [draft, form],
  );

  const serverProblems = save.error instanceof ApiError && save.error.status === 400 ? save.error.errors : [];
  const conflict = save.error instanceof ApiError && save.error.status === 409;
  const problems = [...found, ...serverProblems];
  const context = useMemo(
    () => ({
      languages: draft.languages,
      messageFor: messagesOf(problems, t),
      canTranslate: ability.can('post', 'translation'),
    }),
    // Problems change with each check or answer; the rest with the draft.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [draft.languages, found, save.error, t, ability],
  );

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const submit = () => {
    const problemsFound = draftProblems(draft);
    setFound(problemsFound);
    if (problemsFound.length) {
      setTab('designer');
      return;
    }
    save.reset();
    save.mutate(updateBody(draft), { onSuccess: () => notifySuccess('forms.editor.saved') });
  };

  const title = textIn(draft.title, draft.languages[0] ?? 'fr') || form.id;
  const summary = ruleSummary(problems, t);

  return (
    <EditorContext.Provider value={context}>
      <Stack>
        <Anchor component={Link} to={FORMS_ADMIN_PATH} size="sm">
          {t('forms.editor.back')}
        </Anchor>
        <Group justify="space-between" wrap="wrap">
          <Title order={1}>{t('forms.editor.title', { title })}</Title>
          <Button onClick={submit} loading={save.isPending} data-testid="editor-save">
            {t('forms.editor.save')}
          </Button>
        </Group>
        {dirty && (
          <Alert color="yellow" data-testid="editor-unsaved">
            {t('forms.editor.unsaved')}
          </Alert>
        )}
        {summary.length > 0 && (
          <Alert color="red" role="alert" title={t('forms.editor.blocked')} data-testid="editor-problems">
            <List size="sm">
              {summary.map((m) => (
                <List.Item key={m}>{m}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        {conflict && (
          <Alert color="orange" role="alert" data-testid="editor-conflict">
            <Stack gap="xs" align="flex-start">
              {t('forms.editor.conflict')}
              <Button size="xs" onClick={onReload} data-testid="editor-reload">
                {t('forms.editor.reload')}
              </Button>
            </Stack>
          </Alert>
        )}
        {save.isError && !conflict && serverProblems.length === 0 && (
          <ErrorState
            title={t('forms.editor.saveError')}
            error={save.error}
            onRetry={submit}
            testId="editor-save-error"
          />
        )}
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List>
            {TABS.map((x) => (
              <Tabs.Tab key={x} value={x} data-testid={`editor-tab-${x}`}>
                {t(`forms.editor.tabs.${x}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="designer" pt="md">
            <DesignerTab form={draft} onChange={setDraft} measureTypes={measureTypes.data?.items ?? []} />
          </Tabs.Panel>
          <Tabs.Panel value="preview" pt="md">
            <PreviewTab form={draft} />
          </Tabs.Panel>
          <Tabs.Panel value="completed" pt="md">
            <CompletedPageTab form={draft} onChange={setDraft} />
          </Tabs.Panel>
          <Tabs.Panel value="results" pt="md">
            <AdditionalResultsTab form={draft} onChange={setDraft} />
          </Tabs.Panel>
          <Tabs.Panel value="logo" pt="md">
            {/* The form as last read: a logo is saved at once, whatever the draft holds. */}
            <LogoTab form={form} />
          </Tabs.Panel>
        </Tabs>
        <LeaveGuard dirty={dirty} />
      </Stack>
    </EditorContext.Provider>
  );
}

/** Asks before leaving with unsaved changes, where the router can hold a navigation (a data router). */
function LeaveGuard({ dirty }: { dirty: boolean }) {
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  return dataRouter ? <Blocker dirty={dirty} /> : null;
}

function Blocker({ dirty }: { dirty: boolean }) {
  const { t } = useTranslation();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  return (
    <ConfirmDialog
      opened={blocker.state === 'blocked'}
      title={t('forms.editor.leaveTitle')}
      confirmLabel={t('forms.editor.leave')}
      cancelLabel={t('forms.editor.stay')}
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
      pending={false}
      testId="editor-leave"
    >
      {t('forms.editor.leaveText')}
    </ConfirmDialog>
  );
}
