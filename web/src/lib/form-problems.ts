import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod';
import type { FieldError } from '@shared/contracts/errors';
import { ApiError, errorItems, errorsFromIssues, translateErrorItem } from './errors';

/**
 * The problems of a form that sends a contract's body: those found before sending, with the
 * contract's own schema, and those the server answered. Each shows on its field (`body.<path>`);
 * those without a field show once for the whole form.
 */
export function useFormProblems(serverError: unknown) {
  const { t } = useTranslation();
  const [found, setFound] = useState<FieldError[]>([]);
  const all = [...found, ...(serverError instanceof ApiError ? errorItems(serverError) : [])];
  return {
    all,
    general: all.filter((p) => !p.field),
    /** The translated message of the first problem on `field` or inside it. */
    messageFor(field: string): string | undefined {
      const item = all.find((p) => p.field === `body.${field}` || p.field?.startsWith(`body.${field}.`));
      return item ? translateErrorItem(item, t) : undefined;
    },
    /** Checks `body` with the schema; false, with its problems shown, when it does not pass. */
    check(schema: z.ZodType, body: unknown): boolean {
      const parsed = schema.safeParse(body);
      setFound(
        parsed.success
          ? []
          : errorsFromIssues(parsed.error.issues, body).map((p) =>
              p.field ? { ...p, field: `body.${p.field}` } : p,
            ),
      );
      return parsed.success;
    },
    /** Shows problems found another way (a rule the schema cannot say). */
    show: setFound,
  };
}
