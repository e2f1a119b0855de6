// @vitest-environment node
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { registerSourceMessages, sourceMessages } from '@/shared/i18n/source-messages';
import { activateLanguage } from '@/shared/i18n';

/**
 * The app's build gives every module its own English messages (scripts/build/module-messages-loader.cjs)
 * instead of one English catalog in the first chunk. These check the loader on compiled
 * code and the registry Lingui reads from.
 */
const require = createRequire(import.meta.url);
type Loader = ((this: unknown, code: string, map?: unknown) => void) & {
  stringLiterals: (code: string) => Set<string>;
  catalog: () => Record<string, unknown>;
};
const loader = require('../../scripts/build/module-messages-loader.cjs') as Loader;
const REGISTRY = fileURLToPath(new URL('../../src/shared/i18n/source-messages.ts', import.meta.url));
const MODULE = fileURLToPath(new URL('../../src/features/example/ui/example.tsx', import.meta.url));

function run(code: string, resourcePath = MODULE): { code: string; dependencies: string[] } {
  let out: string | undefined;
  const dependencies: string[] = [];
  const context = {
    resourcePath,
    addDependency: (file: string) => dependencies.push(file),
    callback: (error: Error | null, result: string) => {
      if (error) throw error;
      out = result;
    },
  };
  loader.call(context, code);
  if (out === undefined) throw new Error('the loader gave nothing back');
  return { code: out, dependencies };
}

/** The table the appended call registers, read back from the loader's output. */
function registered(code: string): Record<string, unknown> | null {
  const match = /__registerSourceMessages\((\{.*\})\);\n$/.exec(code);
  return match ? (JSON.parse(match[1]!) as Record<string, unknown>) : null;
}

const catalog = loader.catalog();
const [firstId, secondId] = Object.keys(catalog).sort() as [string, string];

describe('module messages loader', () => {
  it('registers exactly the ids the compiled module names, in their compiled form', () => {
    const source = `export const a = () => i18n._({ id: "${firstId}" });\nexport const b = /*i18n*/ { id: '${secondId}' };\nconst other = "not-an-id";\n`;
    const { code, dependencies } = run(source);
    expect(code.startsWith(source)).toBe(true);
    expect(registered(code)).toEqual({ [firstId]: catalog[firstId], [secondId]: catalog[secondId] });
    expect(code).toContain(`from "../../../shared/i18n/source-messages.ts"`);
    expect(dependencies).toContain(fileURLToPath(new URL('../../locales/en/messages.ts', import.meta.url)));
  });

  it('leaves a module without messages as it is', () => {
    const source = 'export const sum = (a, b) => a + b;\nconst label = "plain text";\n';
    expect(run(source).code).toBe(source);
  });

  it('never touches the registry itself (it would import itself)', () => {
    const source = `export const x = "${firstId}";\n`;
    expect(run(source, REGISTRY).code).toBe(source);
  });

  it('finds an id in any quotes, whatever stray quotes come before it, and only whole tokens', () => {
    const literals = loader.stringLiterals(`const r = /"/; a("${firstId}"); b('${secondId}'); c(\`x\`); d("${firstId}suffix"); e("two words")`);
    expect(literals).toContain(firstId);
    expect(literals).toContain(secondId);
    expect(literals).toContain('x');
    expect(literals).toContain(`${firstId}suffix`);
    expect(literals).not.toContain('two words');
    const { code } = run(`c("${firstId}suffix");\n`);
    expect(registered(code)).toBeNull();
  });
});

describe('source messages', () => {
  it('are what Lingui shows in English, also when registered after the language was chosen', async () => {
    await activateLanguage('en');
    registerSourceMessages({ testOnlyId: ['Registered late'] });
    expect(sourceMessages.testOnlyId).toEqual(['Registered late']);
    expect(i18n._('testOnlyId')).toBe('Registered late');
  });
});
