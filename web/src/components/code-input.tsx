import { forwardRef } from 'react';
import { TextInput, type TextInputProps } from '@mantine/core';
import { sanitiseCodeInput } from '@shared/domain/sign-in';

type CodeInputProps = Omit<TextInputProps, 'value' | 'onChange' | 'onPaste'> & {
  value: string;
  /** Receives the digits only, the last six of them (spec 01 §5), typed or pasted. */
  onChange(code: string): void;
};

/**
 * The 6-digit code field of every code the product mails or texts: numeric keyboard, one-time-code
 * autofill, and a paste such as "Votre code : 123456" keeps the code.
 */
export const CodeInput = forwardRef<HTMLInputElement, CodeInputProps>(function CodeInput(
  { value, onChange, ...rest },
  ref,
) {
  return (
    <TextInput
      ref={ref}
      inputMode="numeric"
      autoComplete="one-time-code"
      value={value}
      onChange={(event) => onChange(sanitiseCodeInput(event.currentTarget.value))}
      onPaste={(event) => {
        event.preventDefault();
        onChange(sanitiseCodeInput(event.clipboardData.getData('text')));
      }}
      {...rest}
    />
  );
});
