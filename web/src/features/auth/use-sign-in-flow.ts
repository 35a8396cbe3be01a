import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import type { SignInOutput } from 'aws-amplify/auth';
import { amplifyAuth } from '../../lib/amplify-auth';
import type { LegalAcceptance, LegalDocumentSummary } from '@shared/contracts/legal';
import type { OwnPlanAnswer } from '@shared/contracts/subscriptions';
import {
  EMAIL_CHECK_DEBOUNCE_MS,
  isValidCode,
  isValidSignInEmail,
  normaliseEmail,
  sanitiseCodeInput,
  type SignInMethod,
} from '@shared/domain/sign-in';
import i18n, { currentLanguage } from '../../i18n';
import { LONG_TOAST_DURATION_MS, closeButtonProps } from '../../components/notify';
import { endSession } from '../../lib/auth';
import { formatDate } from '../../lib/dates';
import { ApiError, GENERIC_ERROR_KEY, NETWORK_ERROR_KEY } from '../../lib/errors';
import { legalConsentsQueryKey } from '../../lib/legal-consents';
import type { RefusedPromotionCode } from '../../lib/refused-promotion-code';
import { acceptCreationDocuments, useLegalDocuments } from './api/legal-documents';
import { redeemCreationPromotionCode } from './api/promotion-code';
import { useRecogniseEmail } from './api/recognise-email';
import { deviceKeyForAddress, ensureKnownDevice } from '../../lib/known-device';
import { generatePassword } from './random-password';
import { codeErrorKey, passwordErrorKey, signInErrorKey } from '../../lib/sign-in-errors';

/** Sign-in modes of spec 01 §4. */
export type SignInMode = 'initial' | 'selection' | 'creation' | 'code' | 'password';
/** A code signs in an existing account, or validates the address of a new one. */
export type CodePurpose = 'sign-in' | 'validation';
export type SignInBusy = 'checking' | 'sending' | 'creating' | 'confirming' | 'verifying' | null;

export interface SignInState {
  mode: SignInMode;
  /** The email field as typed. */
  emailInput: string;
  /** The normalised email the server recognised (selection, creation, code). */
  email: string | null;
  methods: SignInMethod[];
  firstName: string;
  firstNameError: string | null;
  /** Legal documents ticked in the creation form, accepted right after the first sign-in. */
  acceptedDocuments: LegalAcceptance[];
  /**
   * The promotion code typed in the creation form (optional), kept through the code step and
   * redeemed once right after the first sign-in (spec 02 §9).
   */
  promotionCode: string;
  /**
   * The server refused that code after the account was created: the account stays, and the page
   * takes the person to the plans with the code and the reason, to try again.
   */
  refusedPromotionCode: RefusedPromotionCode | null;
  code: string;
  /** The password typed in password mode (never kept after an attempt). */
  password: string;
  codePurpose: CodePurpose;
  /** Wrong codes entered for the current code. */
  failedAttempts: number;
  /**
   * The server sent no new code (too many were sent to the address lately): the last code received
   * is still accepted (docs/decisions/0006).
   */
  codeNotSent: boolean;
  busy: SignInBusy;
  /** Keys (under `errors.`) of the message shown, empty when none. */
  errorKeys: string[];
}

export const initialSignInState: SignInState = {
  mode: 'initial',
  emailInput: '',
  email: null,
  methods: [],
  firstName: '',
  firstNameError: null,
  acceptedDocuments: [],
  promotionCode: '',
  refusedPromotionCode: null,
  code: '',
  password: '',
  codePurpose: 'sign-in',
  failedAttempts: 0,
  codeNotSent: false,
  busy: null,
  errorKeys: [],
};

function isDone(result: SignInOutput): boolean {
  return result.isSignedIn || result.nextStep.signInStep === 'DONE';
}

const sameDocument = (a: LegalAcceptance, b: LegalAcceptance) =>
  a.documentType === b.documentType && a.version === b.version && a.lang === b.lang;

/** Every current document is ticked (and there is at least one to tick). */
export function allDocumentsAccepted(
  documents: readonly LegalDocumentSummary[] | undefined,
  accepted: readonly LegalAcceptance[],
): boolean {
  return !!documents?.length && documents.every((d) => accepted.some((a) => sameDocument(a, d)));
}

/** Says, in the person's language, until when the code typed at creation gives them Essentials. */
function notifyPromotionCodeRedeemed(plan: OwnPlanAnswer): void {
  notifications.show({
    color: 'green',
    title: i18n.t('signInPromotionCode.redeemedTitle'),
    message:
      plan.planUntil !== undefined
        ? i18n.t('signInPromotionCode.redeemed', { date: formatDate(plan.planUntil) })
        : i18n.t('signInPromotionCode.redeemedNoEnd'),
    autoClose: LONG_TOAST_DURATION_MS,
    closeButtonProps: closeButtonProps(),
    // Under a title Mantine dims the text below the contrast it must keep (WCAG 1.4.3).
    styles: { description: { color: 'var(--mantine-color-text)' } },
    'data-testid': 'signin-promotion-code-redeemed',
  });
}

/** The challenge says no new code went out (its public parameter `codeSent`). */
function codeWasNotSent(result: SignInOutput): boolean {
  const step = result.nextStep;
  return (
    step.signInStep === 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE' && step.additionalInfo?.codeSent === 'no'
  );
}

function isCustomChallenge(result: SignInOutput): boolean {
  return result.nextStep.signInStep === 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE';
}

/**
 * The sign-in screen's state machine: initial → selection (account found) or creation (no
 * account) → code → signed in. `onSignedIn` runs once Cognito has issued the tokens.
 */
export function useSignInFlow(onSignedIn: () => void | Promise<void>) {
  const recognise = useRecogniseEmail();
  const queryClient = useQueryClient();
  const [state, setState] = useState<SignInState>(initialSignInState);
  const legalDocuments = useLegalDocuments(state.mode === 'creation', currentLanguage());
  // The async steps read the latest state from here; `state` only mirrors it for rendering.
  const current = useRef<SignInState>(initialSignInState);
  const debounce = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const recognition = useRef(0);

  const patch = useCallback((change: Partial<SignInState>) => {
    current.current = { ...current.current, ...change };
    setState(current.current);
  }, []);

  useEffect(() => () => clearTimeout(debounce.current), []);

  /**
   * Signed in: the documents ticked at creation are accepted first, so the blocking consent modal
   * has nothing to ask. If that fails (a version published meanwhile), the modal asks instead.
   */
  async function signedIn(): Promise<void> {
    const items = current.current.acceptedDocuments;
    if (items.length > 0) {
      try {
        queryClient.setQueryData(legalConsentsQueryKey, await acceptCreationDocuments(items));
      } catch {
        // The modal shows whatever is still pending.
      }
      patch({ acceptedDocuments: [] });
    }
    const redeemed = await redeemTypedPromotionCode();
    // This browser becomes a known device of the address, in the background (docs/decisions/0006).
    const email = current.current.email;
    if (email) void ensureKnownDevice(email);
    await onSignedIn();
    // Told once the interface speaks the profile's language (`onSignedIn` switches to it).
    if (redeemed) notifyPromotionCodeRedeemed(redeemed);
  }

  /**
   * The promotion code typed at creation, redeemed once now that the account exists, and before the
   * start call is loaded (which then says Essentials). A refusal, or a failure to reach the server,
   * keeps the account as it is: it is noted for the page, which offers the code again on the plans.
   */
  async function redeemTypedPromotionCode(): Promise<OwnPlanAnswer | null> {
    const code = current.current.promotionCode.trim();
    if (code === '') return null;
    patch({ promotionCode: '' });
    try {
      return await redeemCreationPromotionCode(code);
    } catch (error) {
      patch({
        refusedPromotionCode: {
          code,
          errors: error instanceof ApiError ? error.errors : [{ key: GENERIC_ERROR_KEY }],
        },
      });
      return null;
    }
  }

  function toggleDocument(document: LegalDocumentSummary, checked: boolean): void {
    const item: LegalAcceptance = {
      documentType: document.documentType,
      version: document.version,
      lang: document.lang,
    };
    const others = current.current.acceptedDocuments.filter((a) => !sameDocument(a, item));
    patch({ acceptedDocuments: checked ? [...others, item] : others });
  }

  async function recogniseNow(raw: string): Promise<void> {
    clearTimeout(debounce.current);
    const email = normaliseEmail(raw);
    if (!isValidSignInEmail(email)) {
      patch({ errorKeys: [email === '' ? 'required' : 'email-not-valid'] });
      return;
    }
    const before = current.current;
    if (before.mode !== 'initial' && before.email === email) return;
    const ticket = ++recognition.current;
    patch({ busy: 'checking', errorKeys: [] });
    try {
      const answer = await recognise.mutateAsync(email);
      if (ticket !== recognition.current) return;
      patch({
        busy: null,
        email: answer.email || email,
        methods: answer.methods,
        mode: answer.exists ? 'selection' : 'creation',
      });
    } catch (error) {
      if (ticket !== recognition.current) return;
      patch({ busy: null, errorKeys: error instanceof ApiError ? error.keys : [signInErrorKey(error)] });
    }
  }

  /** Typing: the email is recognised EMAIL_CHECK_DEBOUNCE_MS after the last keystroke. */
  function changeEmail(value: string): void {
    clearTimeout(debounce.current);
    recognition.current++; // an answer about the previous text no longer applies
    const normalised = normaliseEmail(value);
    const before = current.current;
    const stillSame = before.mode !== 'initial' && normalised === before.email;
    patch({
      emailInput: value,
      errorKeys: [],
      ...(before.busy === 'checking' ? { busy: null } : {}),
      ...(stillSame
        ? {}
        : {
            mode: 'initial' as const,
            email: null,
            methods: [],
            // What the creation form gave belongs to the account of that address only.
            acceptedDocuments: [],
            promotionCode: '',
            password: '',
          }),
    });
    if (!stillSame && isValidSignInEmail(normalised)) {
      debounce.current = setTimeout(() => void recogniseNow(value), EMAIL_CHECK_DEBOUNCE_MS);
    }
  }

  async function startCodeSignIn(purpose: CodePurpose, retryAfterSignOut = true): Promise<void> {
    const email = current.current.email;
    if (!email) return;
    let result: SignInOutput;
    try {
      result = await (
        await amplifyAuth()
      ).signIn({ username: email, options: { authFlowType: 'CUSTOM_WITHOUT_SRP' } });
    } catch (error) {
      // A stale session of someone else on this browser: end it and start again once.
      if (
        retryAfterSignOut &&
        (error as { name?: string } | null)?.name === 'UserAlreadyAuthenticatedException'
      ) {
        await endSession();
        return startCodeSignIn(purpose, false);
      }
      throw error;
    }
    if (isDone(result)) {
      patch({ busy: null });
      await signedIn();
    } else if (isCustomChallenge(result)) {
      patch({
        mode: 'code',
        codePurpose: purpose,
        code: '',
        failedAttempts: 0,
        codeNotSent: codeWasNotSent(result),
        busy: null,
        errorKeys: [],
      });
    } else {
      patch({ busy: null, errorKeys: [GENERIC_ERROR_KEY] });
    }
  }

  async function sendCode(): Promise<void> {
    if (current.current.busy || !current.current.email) return;
    patch({ busy: 'sending', errorKeys: [] });
    try {
      await startCodeSignIn('sign-in');
    } catch (error) {
      const key = signInErrorKey(error);
      // No account after all (spec 01 §8: UserNotFoundException leads to account creation).
      patch({
        busy: null,
        mode: key === 'UserNotFoundException' ? 'creation' : 'selection',
        errorKeys: [key],
      });
    }
  }

  async function createAccount(): Promise<void> {
    const { busy, email } = current.current;
    if (busy || !email) return;
    const firstName = current.current.firstName.trim();
    if (!firstName) {
      patch({ firstNameError: 'required' });
      return;
    }
    if (!allDocumentsAccepted(legalDocuments.data, current.current.acceptedDocuments)) return;
    patch({ busy: 'creating', errorKeys: [], firstNameError: null });
    try {
      await (
        await amplifyAuth()
      ).signUp({
        username: email,
        password: generatePassword(),
        options: { userAttributes: { email, given_name: firstName, locale: currentLanguage() } },
      });
    } catch (error) {
      const key = signInErrorKey(error);
      // The account exists but its address was never validated: continue with a code.
      if (key !== 'UsernameExistsException') {
        patch({ busy: null, errorKeys: [key] });
        return;
      }
    }
    try {
      await startCodeSignIn('validation');
    } catch (error) {
      patch({ busy: null, errorKeys: [signInErrorKey(error)] });
    }
  }

  async function submitCode(): Promise<void> {
    const { busy, code, failedAttempts, codePurpose, firstName, email } = current.current;
    if (busy || !isValidCode(code)) return;
    patch({ busy: 'confirming', errorKeys: [] });
    try {
      // Creating an account: the name typed here names it, whatever an earlier SignUp of this
      // address said (docs/decisions/0006).
      // A known device of the address gives its key: its guesses are then its own (decision 0006).
      const deviceKey = email ? deviceKeyForAddress(email) : undefined;
      const clientMetadata = {
        ...(codePurpose === 'validation' && firstName.trim() !== ''
          ? { givenName: firstName.trim(), locale: currentLanguage() }
          : {}),
        ...(deviceKey ? { deviceKey } : {}),
      };
      const result = await (
        await amplifyAuth()
      ).confirmSignIn({
        challengeResponse: code,
        ...(Object.keys(clientMetadata).length > 0 ? { options: { clientMetadata } } : {}),
      });
      if (isDone(result)) {
        patch({ busy: null });
        await signedIn();
      } else if (isCustomChallenge(result)) {
        // Cognito asks again: the code was wrong and the user may retry.
        patch({ busy: null, code: '', failedAttempts: failedAttempts + 1, errorKeys: ['code-invalid'] });
      } else {
        patch({ busy: null, errorKeys: [GENERIC_ERROR_KEY] });
      }
    } catch (error) {
      const key = codeErrorKey(error, failedAttempts);
      if (key === NETWORK_ERROR_KEY) {
        patch({ busy: null, errorKeys: [key] });
        return;
      }
      // Cognito has ended this sign-in: back to selection, where a new code can be asked for.
      patch({ busy: null, mode: 'selection', code: '', failedAttempts: 0, errorKeys: [key] });
    }
  }

  /** Password sign-in (Amplify's USER_SRP_AUTH): the password never leaves the browser. */
  async function signInWithPassword(
    email: string,
    password: string,
    retryAfterSignOut = true,
  ): Promise<void> {
    let result: SignInOutput;
    try {
      result = await (
        await amplifyAuth()
      ).signIn({ username: email, password, options: { authFlowType: 'USER_SRP_AUTH' } });
    } catch (error) {
      if (
        retryAfterSignOut &&
        (error as { name?: string } | null)?.name === 'UserAlreadyAuthenticatedException'
      ) {
        await endSession();
        return signInWithPassword(email, password, false);
      }
      throw error;
    }
    if (!isDone(result)) {
      patch({ busy: null, errorKeys: [GENERIC_ERROR_KEY] });
      return;
    }
    patch({ busy: null, password: '' });
    await signedIn();
  }

  async function submitPassword(): Promise<void> {
    const { busy, email, password } = current.current;
    if (busy || !email) return;
    if (!password) {
      patch({ errorKeys: ['required'] });
      return;
    }
    patch({ busy: 'verifying', errorKeys: [] });
    try {
      await signInWithPassword(email, password);
    } catch (error) {
      patch({ busy: null, password: '', errorKeys: [passwordErrorKey(error)] });
    }
  }

  /** Enter or the form's main button, whatever the mode. */
  function submit(): Promise<void> {
    switch (current.current.mode) {
      case 'initial':
        return recogniseNow(current.current.emailInput);
      case 'selection':
        return sendCode();
      case 'creation':
        return createAccount();
      case 'code':
        return submitCode();
      case 'password':
        return submitPassword();
    }
  }

  return {
    state,
    /** The current legal documents to accept in creation mode. */
    legalDocuments,
    documentsAccepted: allDocumentsAccepted(legalDocuments.data, state.acceptedDocuments),
    toggleDocument,
    changeEmail,
    changeFirstName: (value: string) => patch({ firstName: value, firstNameError: null }),
    changePromotionCode: (value: string) => patch({ promotionCode: value }),
    /** Typed or pasted text keeps digits only, the last six. */
    changeCode: (value: string) => patch({ code: sanitiseCodeInput(value) }),
    backToSelection: () =>
      patch({ mode: 'selection', code: '', password: '', failedAttempts: 0, busy: null, errorKeys: [] }),
    /** Selection offers the password when the account has one. */
    choosePassword: () => patch({ mode: 'password', password: '', errorKeys: [] }),
    changePassword: (value: string) => patch({ password: value }),
    submitPassword,
    sendCode,
    createAccount,
    submitCode,
    submit,
  };
}
