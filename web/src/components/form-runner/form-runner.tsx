import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Button, Group, Progress, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { FormAnswer, Form, SurveyValue, SurveyValues } from '@shared/contracts/forms';
import type { Language } from '@shared/contracts/headers';
import {
  SURVEY_PROBLEMS,
  applyTemplate,
  buildPages,
  clearHidden,
  textAnswerError,
  type FormPage,
  type SurveyProblemCode,
} from '@shared/domain/forms';
import { textIn } from '@shared/domain/sessions';
import type { MultilingualText } from '@shared/contracts/text';
import { Markdown } from '../markdown';
import { AnswerField } from './answer-field';
import type { ChoiceWay } from './answer-parts';
import {
  answerAfter,
  firstPageWithProblems,
  markdownTemplateValues,
  pageProblems,
  valuesToSubmit,
  withAnswer,
  type AnswerProblem,
} from './runner-rules';

export interface FormRunnerProps {
  form: Form;
  /** The language the form's texts are read in; a text missing in it is read in the form's first. */
  language: Language;
  /** Answers given before (a survey being edited); those of hidden answers are dropped. */
  initialValues?: SurveyValues;
  /**
   * Receives the values to save once every shown required answer is answered: shown answers only,
   * without empty ones, `null` for not applicable. A promise keeps Save busy until it settles; its
   * failure is the caller's to show (the API client does).
   */
  onSubmit(values: SurveyValues): void | Promise<unknown>;
  /** Save shows as busy (a save the caller runs). */
  submitting?: boolean;
  /** Save's label ("Save" by default). */
  submitLabel?: string;
  /** Answers shown, not changed: pages can be turned, nothing saved. */
  readOnly?: boolean;
  /** Shows the form's title and description above the pages (true by default). */
  showTitle?: boolean;
  /** The heading level of the pages' titles (2 by default); the form's title, shown, is one above. */
  headingLevel?: 2 | 3 | 4 | 5;
  /** Messages to show on answers, by answer id (what the server refused, `values.<answerId>`). */
  answerErrors?: Readonly<Partial<Record<string, string>>>;
  /** Prefix of the test ids (`form-runner` by default). */
  testId?: string;
}

type FocusRequest =
  | { kind: 'heading' }
  | { kind: 'answer'; answerId: string }
  | { kind: 'scroll'; answerId: string | undefined };

/** The element of an answer in the runner `baseId`. */
function answerElementId(baseId: string, answerId: string): string {
  return `${baseId}-answer-${answerId}`;
}

/** The first control of an answer to focus: its chosen radio button, else its first enabled field. */
function firstControl(container: HTMLElement): HTMLElement | null {
  return (
    container.querySelector<HTMLElement>('input[type="radio"]:checked:not(:disabled)') ??
    container.querySelector<HTMLElement>(
      'input:not([type="hidden"]):not(:disabled), textarea:not(:disabled), button:not(:disabled)',
    )
  );
}

/**
 * The form runner (spec 02 §4): the form's pages (`buildPages`: a step with
 * `sameTabAsPreviousOne` joins the page before, a page shows while its condition holds), "page n
 * of m", Previous, Next and, on the last page, Save. Next and Save wait while a shown required
 * answer is missing (or a value is wrong): each says why, and the first gets the focus, scrolled
 * to. A hidden answer's value is cleared as soon as it hides (`clearHidden`). Titles and
 * descriptions are read in `language` with `{answerId}` replaced by that answer's value;
 * descriptions are markdown, shown safely. The focus goes to the page's title when the page
 * changes, and a single choice picked with the pointer scrolls to the next answer.
 */
export function FormRunner({
  form,
  language,
  initialValues,
  onSubmit,
  submitting = false,
  submitLabel,
  readOnly = false,
  showTitle = true,
  headingLevel = 2,
  answerErrors,
  testId = 'form-runner',
}: FormRunnerProps) {
  const { t } = useTranslation();
  const reduceMotion = useReducedMotion();
  const baseId = useId();
  const primary = form.languages[0] ?? language;
  const [given, setGiven] = useState<SurveyValues>(() => initialValues ?? {});
  // The form may change under the runner (the editor's preview): what it hides is never kept.
  const values = useMemo(() => clearHidden(form, given), [form, given]);
  const pages = useMemo(() => buildPages(form, values), [form, values]);
  const [pageId, setPageId] = useState<string | undefined>(() => pages[0]?.id);
  const [checkedPages, setCheckedPages] = useState<ReadonlySet<string>>(() => new Set());
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [focusRequest, setFocusRequest] = useState<FocusRequest | null>(null);
  const [saving, setSaving] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const navRef = useRef<HTMLDivElement>(null);

  const found = pages.findIndex((p) => p.id === pageId);
  const index = found >= 0 ? found : 0;
  const page: FormPage | undefined = pages[index];
  const isLast = index >= pages.length - 1;
  const progressId = `${baseId}-progress`;
  const descriptionHeading = (headingLevel + 1) as 3 | 4 | 5 | 6;

  useEffect(() => {
    if (!focusRequest) return;
    const behavior: ScrollBehavior = reduceMotion ? 'auto' : 'smooth';
    if (focusRequest.kind === 'heading') {
      headingRef.current?.focus();
      return;
    }
    if (focusRequest.kind === 'scroll') {
      const target =
        focusRequest.answerId === undefined
          ? navRef.current
          : document.getElementById(answerElementId(baseId, focusRequest.answerId));
      target?.scrollIntoView?.({ block: 'nearest', behavior });
      return;
    }
    const container = document.getElementById(answerElementId(baseId, focusRequest.answerId));
    if (!container) return;
    container.scrollIntoView?.({ block: 'center', behavior });
    firstControl(container)?.focus({ preventScroll: true });
  }, [focusRequest, reduceMotion, baseId]);

  const answerValue = (answerId: string): SurveyValue | undefined =>
    Object.hasOwn(values, answerId) ? values[answerId] : undefined;
  const template = (text: MultilingualText) =>
    applyTemplate(textIn(text, language, primary), values, form, language, t('formRunner.notApplicable'));
  const markdownValues = markdownTemplateValues(form, values);
  const markdown = (text: MultilingualText) =>
    applyTemplate(
      textIn(text, language, primary),
      markdownValues,
      form,
      language,
      t('formRunner.notApplicable'),
    );

  const problemMessage = (answer: FormAnswer, problem: SurveyProblemCode): string => {
    if (problem === 'required') return t('errors.required');
    if (problem === 'too-long' && answer.type === 'text')
      return t('errors.length-out-of-range-error_max', { max: answer.max });
    if (problem === 'too-few' && (answer.type === 'choice' || answer.type === 'select'))
      return t('formRunner.chooseAtLeast', { count: answer.multiChoiceMin ?? 1 });
    return t(`errors.${SURVEY_PROBLEMS[problem]}`);
  };

  const shownProblems = new Map(
    page && checkedPages.has(page.id) ? pageProblems(page, values).map((p) => [p.answerId, p.problem]) : [],
  );
  // Said once Next or Save was refused on the page, and kept up to date as answers come.
  const status = shownProblems.size > 0 ? t('formRunner.problems', { count: shownProblems.size }) : '';
  const errorFor = (answer: FormAnswer): string | undefined => {
    const fromCaller = answerErrors?.[answer.id];
    if (fromCaller || readOnly) return fromCaller;
    const problem = shownProblems.get(answer.id);
    if (problem) return problemMessage(answer, problem);
    if (answer.type === 'text') {
      const value = answerValue(answer.id);
      const error = textAnswerError(
        answer,
        typeof value === 'string' ? value : value === null ? null : undefined,
        touched.has(answer.id),
      );
      if (error === 'required') return t('errors.required');
      if (error) return t('errors.length-out-of-range-error_max', { max: answer.max });
    }
    return undefined;
  };

  const change = (answerId: string, value: SurveyValue | undefined, way?: ChoiceWay) => {
    const next = withAnswer(form, values, answerId, value);
    setGiven(next);
    const answer = page?.answers.find((a) => a.id === answerId);
    if (way === 'pointer' && answer?.type === 'choice' && !answer.multiChoice && value !== undefined) {
      const samePage = buildPages(form, next).find((p) => p.id === page?.id);
      setFocusRequest({ kind: 'scroll', answerId: answerAfter(samePage, answerId) });
    }
  };

  /** Stays on (or goes to) `target`, shows what is missing and takes the focus to the first one. */
  const block = (target: FormPage, problems: AnswerProblem[]) => {
    const first = problems[0];
    if (!first) return;
    setPageId(target.id);
    setCheckedPages((pagesChecked) => new Set([...pagesChecked, target.id]));
    setFocusRequest({ kind: 'answer', answerId: first.answerId });
  };

  const goTo = (target: FormPage | undefined) => {
    if (!target) return;
    setPageId(target.id);
    setFocusRequest({ kind: 'heading' });
  };

  const next = () => {
    if (!page) return;
    const problems = readOnly ? [] : pageProblems(page, values);
    if (problems.length > 0) block(page, problems);
    else goTo(pages[index + 1]);
  };

  const save = () => {
    if (readOnly || saving || submitting) return;
    const blocked = firstPageWithProblems(pages, values);
    if (blocked) {
      block(blocked.page, blocked.problems);
      return;
    }
    const result = onSubmit(valuesToSubmit(form, values));
    if (result instanceof Promise) {
      setSaving(true);
      const done = () => setSaving(false);
      void result.then(done, done);
    }
  };

  const formTitle = template(form.title);
  const formDescription = markdown(form.description);
  const stepOrder = headingLevel as TitleOrder;

  return (
    <Stack gap="lg" data-testid={testId}>
      {showTitle && (
        <div>
          {form.logoUrl && (
            // The organisation's mark above the title, which names the form: decorative for readers.
            <img
              src={form.logoUrl}
              alt=""
              style={{ display: 'block', maxHeight: 56, maxWidth: '100%', marginBottom: 8 }}
              data-testid={`${testId}-logo`}
            />
          )}
          <Title order={(headingLevel - 1) as TitleOrder} data-testid={`${testId}-title`}>
            {formTitle}
          </Title>
          {formDescription && <Markdown headingLevel={headingLevel}>{formDescription}</Markdown>}
        </div>
      )}

      {page ? (
        <>
          <div>
            <Text id={progressId} fz="sm" c="dimmed" data-testid={`${testId}-progress`}>
              {t('formRunner.progress', { current: index + 1, total: pages.length })}
            </Text>
            <Progress
              value={((index + 1) / pages.length) * 100}
              size="sm"
              mt={4}
              aria-hidden="true"
              transitionDuration={reduceMotion ? 0 : 200}
            />
          </div>

          {page.steps.map(({ step, answers }, position) => {
            const description = markdown(step.description);
            return (
              <Stack key={step.id} gap="md" data-testid={`${testId}-step-${step.id}`}>
                <div>
                  <Title
                    order={stepOrder}
                    ref={position === 0 ? headingRef : undefined}
                    tabIndex={position === 0 ? -1 : undefined}
                    aria-describedby={position === 0 ? progressId : undefined}
                    data-testid={position === 0 ? `${testId}-page-title` : undefined}
                  >
                    {template(step.title)}
                  </Title>
                  {description && <Markdown headingLevel={descriptionHeading}>{description}</Markdown>}
                </div>
                {answers.map((answer) => {
                  const answerDescription = markdown(answer.description);
                  return (
                    <AnswerField
                      key={answer.id}
                      answer={answer}
                      idBase={answerElementId(baseId, answer.id)}
                      title={template(answer.title)}
                      description={
                        answerDescription ? (
                          <Markdown headingLevel={descriptionHeading}>{answerDescription}</Markdown>
                        ) : null
                      }
                      value={answerValue(answer.id)}
                      error={errorFor(answer)}
                      language={language}
                      primary={primary}
                      readOnly={readOnly}
                      onChange={(value, way) => change(answer.id, value, way)}
                      onBlur={() => setTouched((before) => new Set([...before, answer.id]))}
                      onClear={() => {
                        change(answer.id, undefined);
                        setFocusRequest({ kind: 'answer', answerId: answer.id });
                      }}
                    />
                  );
                })}
              </Stack>
            );
          })}
        </>
      ) : (
        <Text data-testid={`${testId}-empty`}>{t('formRunner.empty')}</Text>
      )}

      <Text role="status" fz="sm" c="var(--mantine-color-error)" data-testid={`${testId}-status`}>
        {status}
      </Text>

      <Group ref={navRef} justify="space-between">
        {index > 0 ? (
          <Button variant="default" onClick={() => goTo(pages[index - 1])} data-testid={`${testId}-previous`}>
            {t('formRunner.previous')}
          </Button>
        ) : (
          <span />
        )}
        {!isLast ? (
          <Button onClick={next} data-testid={`${testId}-next`}>
            {t('formRunner.next')}
          </Button>
        ) : (
          !readOnly && (
            <Button onClick={save} loading={submitting || saving} data-testid={`${testId}-save`}>
              {submitLabel ?? t('formRunner.save')}
            </Button>
          )
        )}
      </Group>
    </Stack>
  );
}
