import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@shared/contracts/headers';
import { currentLanguage, isLanguage, setLanguage } from '../i18n';

/** FR / EN / NL: the interface changes at once and the choice is kept. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const value = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : currentLanguage();
  return (
    <SegmentedControl
      data-testid="language-switch"
      aria-label={t('language.label')}
      size="xs"
      value={value}
      onChange={(next) => {
        if (isLanguage(next)) void setLanguage(next);
      }}
      data={LANGUAGES.map((lng) => ({
        value: lng,
        label: <span title={t(`language.${lng}`)}>{lng.toUpperCase()}</span>,
      }))}
    />
  );
}
