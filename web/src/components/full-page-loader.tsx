import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown while the app starts or a page's code loads. */
export function FullPageLoader() {
  const { t } = useTranslation();
  return (
    <Center mih="50vh" role="status" aria-live="polite">
      <Loader aria-label={t('app.loading')} />
    </Center>
  );
}
