import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
/** axe-core's browser build, injected into the page under test. */
const AXE_SOURCE_PATH = require.resolve('axe-core/axe.min.js');
/** The impacts a page must not have (SPEC quality bar: no serious or critical violation). */
const BLOCKING_IMPACTS = ['serious', 'critical'];

export interface AxeFinding {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
  /** axe's explanation for the first element (contrast ratio and colours, ...). */
  summary: string;
}

/**
 * Runs axe on the page as it is now (WCAG 2 A and AA rules, colour contrast included) and
 * answers the serious and critical findings, each with the elements it names.
 */
export async function seriousAxeViolations(page: Page): Promise<AxeFinding[]> {
  const hasAxe = await page.evaluate('typeof window.axe !== "undefined"');
  if (!hasAxe) await page.addScriptTag({ path: AXE_SOURCE_PATH });
  const findings = (await page.evaluate(`(async () => {
    const result = await window.axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 8).map((n) => n.target.join(' ')),
      summary: v.nodes.map((n) => n.failureSummary).slice(0, 3).join(' || '),
    }));
  })()`)) as AxeFinding[];
  return findings.filter((finding) => BLOCKING_IMPACTS.includes(finding.impact ?? ''));
}
