import { zodResolver } from '@hookform/resolvers/zod';
import {
  get,
  useForm,
  type DefaultValues,
  type FieldError as FormFieldError,
  type FieldErrors,
  type FieldValues,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod';
import type { FieldError } from '@shared/contracts/errors';
import { issueToError } from '@shared/contracts/issues';
import { ApiError, errorItems, translateErrorItem } from './errors';

/** A form error carries the spec's key and its values as JSON, translated where it is shown. */
export function encodeError(item: FieldError): string {
  return JSON.stringify({ key: item.key, ...(item.values ? { values: item.values } : {}) });
}

/** The keyed item a form error carries (a bare key, such as a schema's own message, as it is). */
export function decodeError(message: string | undefined): FieldError | undefined {
  if (!message) return undefined;
  try {
    const item = JSON.parse(message) as unknown;
    if (item && typeof item === 'object' && typeof (item as FieldError).key === 'string')
      return item as FieldError;
  } catch {
    // Not an encoded item: the message is the key.
  }
  return { key: message };
}

/** The spec's key of one zod issue, as the server's 400s name it (`shared/contracts/issues`). */
function issueKey(issue: { input?: unknown }): FieldError {
  // The issue as the error map sees it: its path is the field's, its input the field's value.
  const [item] = issueToError({ ...issue, path: [] } as unknown as z.core.$ZodIssue, issue.input);
  return item ?? { key: 'not-valid' };
}

/**
 * The resolver of a form whose body is a contract's: the values (made a body by `toBody`) are checked
 * by the contract's schema with `zodResolver`, each issue named by the spec's key as the server's
 * 400s name it (`issueToError`); a schema's own message (`.min(1, 'required')`) is the key it names.
 */
export function contractResolver<Values extends FieldValues, Output>(
  schema: z.ZodType,
  toBody: (values: Values) => unknown = (values) => values,
  /** What the submit receives: the schema's parsed output (defaults filled), or the body as checked. */
  sends: Sends = 'parsed',
): Resolver<Values, unknown, Output> {
  const typed = schema as z.ZodType<unknown, FieldValues>;
  const params = { error: (issue: { input?: unknown }) => encodeError(issueKey(issue)) };
  const check: Resolver<FieldValues, unknown, unknown> =
    sends === 'body' ? zodResolver(typed, params, { raw: true }) : zodResolver(typed, params);
  return async (values, context, options) => {
    const result = await check(toBody(values) as FieldValues, context, options as never);
    if (Object.keys(result.errors).length === 0) return { values: result.values as Output, errors: {} };
    return { values: {}, errors: result.errors as FieldErrors<Values> };
  };
}

/** What a contract form's submit receives: the schema's parsed output, or the body as checked. */
export type Sends = 'parsed' | 'body';
type Submitted<Schema extends z.ZodType, S extends Sends> = S extends 'body'
  ? z.input<Schema>
  : z.output<Schema>;

/** The first error at `name` or inside it (a multilingual field's languages, a list's items). */
function firstError(errors: unknown): FormFieldError | undefined {
  if (!errors || typeof errors !== 'object') return undefined;
  const error = errors as FormFieldError & Record<string, unknown>;
  if (typeof error.message === 'string') return error;
  for (const [key, value] of Object.entries(error)) {
    if (key === 'ref') continue;
    const found = firstError(value);
    if (found) return found;
  }
  return undefined;
}

export interface ContractFormOptions<
  Values extends FieldValues,
  Output = Values,
  S extends Sends = 'parsed',
> extends Omit<UseFormProps<Values, unknown, Output>, 'defaultValues' | 'resolver'> {
  /** The body the schema checks, out of the form's values (by default the values themselves). */
  toBody?: (values: Values) => unknown;
  /** The submit receives the schema's parsed output (the default), or the body as checked (`'body'`). */
  sends?: S;
  /** The failure of the request the form sends: its items on `body.<field>` show on the fields. */
  serverError?: unknown;
}

export type ContractForm<Values extends FieldValues, Output> = UseFormReturn<Values, unknown, Output> & {
  /** The translated message of the first problem on `field` or inside it: found here, else by the server. */
  messageFor: (field: string) => string | undefined;
  /** The problems without a field (the server's), to show once for the whole form. */
  general: FieldError[];
};

/**
 * One strategy for the editors of a contract's body: react-hook-form, checked with the contract's zod
 * schema (`zodResolver`), each problem named by the spec's key as the server would name it and
 * translated where it shows; the server's refusals show on the same fields.
 *
 * ```tsx
 * const form = useContractForm(TagCreateSchema, { name: {}, color: '#000000' }, { serverError: save.error });
 * <form onSubmit={form.handleSubmit((body) => save.mutate(body))}>
 *   <TextInput {...form.register('color')} error={form.messageFor('color')} />
 * ```
 */
export function useContractForm<
  Values extends FieldValues,
  Schema extends z.ZodType,
  S extends Sends = 'parsed',
  Output = Submitted<Schema, S>,
>(
  schema: Schema,
  defaultValues: Values,
  { toBody, serverError, sends, ...options }: ContractFormOptions<Values, Output, S> = {},
): ContractForm<Values, Output> {
  const { t } = useTranslation();
  const form = useForm<Values, unknown, Output>({
    ...options,
    defaultValues: defaultValues as DefaultValues<Values>,
    resolver: contractResolver<Values, Output>(schema, toBody, sends),
  });
  const server = serverError instanceof ApiError ? errorItems(serverError) : [];
  const errors = form.formState.errors;
  return {
    ...form,
    messageFor(field: string): string | undefined {
      const found = decodeError(firstError(get(errors, field))?.message);
      const item =
        found ?? server.find((p) => p.field === `body.${field}` || p.field?.startsWith(`body.${field}.`));
      return item ? translateErrorItem(item, t) : undefined;
    },
    general: server.filter((p) => !p.field),
  };
}
