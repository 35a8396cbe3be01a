import type { ReactNode } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Loader,
  MultiSelect,
  Select,
  Stack,
  Text,
  type ComboboxItem,
  type MultiSelectProps,
  type SelectProps,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** What a query of options gives (a react-query result fits). */
export interface OptionsQuery<Data> {
  /** The first load runs (false for a query not enabled). */
  isLoading: boolean;
  isError: boolean;
  data: Data | undefined;
  refetch: () => unknown;
}

interface LoadedOptionsProps<Data> {
  /** The query whose answer gives the options. */
  query: OptionsQuery<Data>;
  /** The options out of the query's answer. */
  options: (data: Data) => ComboboxItem[];
  /** Said when the options could not load (with a retry). */
  loadError: string;
  /** How the load failure shows: the field's error (the default), or an alert in its place. */
  errorAs?: 'field' | 'alert';
  /** Test id of the alert in place of the field (`errorAs: 'alert'`). */
  errorTestId?: string;
  /** The placeholder while the options load (`common.loading` by default); the field waits, disabled. */
  loadingText?: string;
  /** Said in the list when there is no option (or none matches the search). */
  empty?: string;
}

type SingleProps = Omit<SelectProps, 'data' | 'nothingFoundMessage'> & { multiple?: false };
type MultipleProps = Omit<MultiSelectProps, 'data' | 'nothingFoundMessage'> & { multiple: true };

export type LoadedSelectProps<Data> = LoadedOptionsProps<Data> & (SingleProps | MultipleProps);

/**
 * A Select, or a MultiSelect with `multiple`, whose options come from a query: disabled with a
 * loading placeholder while they load, the failure with a retry (as the field's error, or an alert
 * in its place), and a sentence when there is none. The field's own error (a problem with the value)
 * comes before the load failure.
 */
export function LoadedSelect<Data>(props: LoadedSelectProps<Data>) {
  const { t } = useTranslation();
  const { query, options, loadError, errorAs = 'field', errorTestId, loadingText, empty, ...field } = props;
  const retry = () => void query.refetch();

  if (query.isError && errorAs === 'alert')
    return (
      <Alert color="red" role="alert" data-testid={errorTestId}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{loadError}</Text>
          <Button size="xs" variant="white" color="red" onClick={retry} data-testid="retry">
            {t('common.retry')}
          </Button>
        </Stack>
      </Alert>
    );

  const loading = query.isLoading;
  const data = query.data === undefined ? [] : options(query.data);
  const failure: ReactNode = query.isError ? (
    <>
      {loadError}{' '}
      <Anchor component="button" type="button" size="xs" onClick={retry} data-testid="retry">
        {t('common.retry')}
      </Anchor>
    </>
  ) : undefined;
  const shared = {
    data,
    nothingFoundMessage: empty,
    error: field.error ?? failure,
    disabled: field.disabled || loading,
    placeholder: loading ? (loadingText ?? t('common.loading')) : field.placeholder,
    rightSection: loading ? <Loader size="xs" /> : field.rightSection,
  };

  if (field.multiple) {
    const { multiple: _multiple, ...rest } = field;
    return <MultiSelect {...rest} {...shared} />;
  }
  const { multiple: _multiple, ...rest } = field;
  return <Select {...rest} {...shared} />;
}
