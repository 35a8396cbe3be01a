import axe from 'axe-core';
import { expect } from 'vitest';

/**
 * No axe violation in the rendered DOM (`node`, the whole body by default). Colour contrast needs a
 * real layout and regions a whole page: the browser tests check those.
 */
export async function expectNoAxeViolations(node: Element = document.body) {
  const results = await axe.run(node, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
  });
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
}
