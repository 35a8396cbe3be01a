import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getConfig } from '../../lib/config';
import { isAppPath, type BreadcrumbItem } from '../../lib/parent-bridge';
import { useParentBreadcrumb } from './app-mode';

/** A parent page may be linked (opened in the whole window); any other address stays plain text. */
function parentUrl(href: string): string | undefined {
  try {
    const url = new URL(href);
    const allowed = (getConfig().parentOrigins ?? []).map((origin) => new URL(origin).origin);
    return allowed.includes(url.origin) ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function Crumb({ item, current }: { item: BreadcrumbItem; current: boolean }) {
  if (!current && item.href !== undefined) {
    if (isAppPath(item.href)) {
      return (
        <Anchor component={Link} to={item.href} size="sm">
          {item.label}
        </Anchor>
      );
    }
    const url = parentUrl(item.href);
    if (url) {
      return (
        <Anchor href={url} target="_top" size="sm">
          {item.label}
        </Anchor>
      );
    }
  }
  return (
    <Text component="span" size="sm" aria-current={current ? 'page' : undefined}>
      {item.label}
    </Text>
  );
}

/** The parent window's breadcrumb above the page, when embedded and the parent sent one. */
export function ParentBreadcrumb() {
  const { t } = useTranslation();
  const items = useParentBreadcrumb();
  if (!items || items.length === 0) return null;
  return (
    <nav aria-label={t('embedding.breadcrumb')} data-testid="parent-breadcrumb">
      <Breadcrumbs mb="sm">
        {items.map((item, index) => (
          <Crumb key={`${index}-${item.label}`} item={item} current={index === items.length - 1} />
        ))}
      </Breadcrumbs>
    </nav>
  );
}
