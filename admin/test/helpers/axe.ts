// Accessibility: runs axe-core (from node_modules, injected into the page) and fails on any serious or
// critical violation, listing each with its selector.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
let source: string | undefined;

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  source ??= fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  // Evaluated in the page (a string: the test's TypeScript has no DOM types).
  // Evaluated rather than added as a <script>: the admin's CSP (script-src 'self') rightly blocks inline scripts.
  if (!(await page.evaluate("typeof window.axe === 'object'"))) await page.evaluate(`${source}\n;true`);
  return page.evaluate<AxeViolation[]>(`window.axe.run(document, { resultTypes: ['violations'] }).then((r) =>
    r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) })))`);
}

/** Fails when the page has serious or critical axe violations. */
export async function expectAccessible(page: Page, what = page.url()): Promise<void> {
  const bad = (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (bad.length > 0) {
    const lines = bad.map((v) => `  [${v.impact}] ${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    throw new Error(`axe-core found ${bad.length} serious/critical violation(s) on ${what}:\n${lines.join('\n')}`);
  }
}
