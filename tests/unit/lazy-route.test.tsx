import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Suspense } from 'react';
import { act, render, screen } from '@testing-library/react';
import { lazyRoute } from '@/app/router/lazy-route';

/**
 * A route's code loaded on demand without React's warning about `use()` (issue 45: on
 * /transfer/mass/global React logged "This library called use() to suspend in a previous render but
 * did not call use() when it finished": TanStack Router's lazyRouteComponent calls use() only while
 * the code is missing). React's development build warns in a browser; jsdom's act() does not bring the
 * warning about, so besides the behaviour the source is checked: no route uses lazyRouteComponent.
 */
const WARNING = 'did not call use() when it finished';
const warnings = () => vi.mocked(console.error).mock.calls.filter((call) => String(call[0]).includes(WARNING));


/** Lets the chunk arrive and React finish the retried render. */
const settle = async () => {
  for (let i = 0; i < 5; i += 1) await act(async () => new Promise((resolve) => setTimeout(resolve, 10)));
};

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

/** A module whose export arrives after a tick, as a chunk does. */
const chunk = () => new Promise<{ Page: typeof Greeting }>((resolve) => setTimeout(() => resolve({ Page: Greeting }), 5));

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.mocked(console.error).mockRestore();
});

describe('lazyRoute', () => {
  it('renders the export once it arrived, with its props, and React does not warn', async () => {
    const Page = lazyRoute(chunk, 'Page');
    await act(async () => {
      render(
        <Suspense fallback={<p>Loading</p>}>
          <Page name="Ana" />
        </Suspense>,
      );
    });
    await settle();
    expect(screen.getByText('Hello Ana')).toBeTruthy();
    expect(warnings()).toEqual([]);
  });

  it('preload downloads once, and a page rendered after it shows at once', async () => {
    const importer = vi.fn(chunk);
    const Page = lazyRoute(importer, 'Page');
    await Page.preload();
    await Page.preload();
    await act(async () => {
      render(
        <Suspense fallback={<p>Loading</p>}>
          <Page name="Bo" />
        </Suspense>,
      );
    });
    await settle();
    expect(screen.getByText('Hello Bo')).toBeTruthy();
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('a failed download is not kept: the next load tries again', async () => {
    let fail = true;
    const importer = vi.fn(() => (fail ? Promise.reject(new Error('offline')) : chunk()));
    const Page = lazyRoute(importer, 'Page');
    await expect(Page.preload()).rejects.toThrow('offline');
    fail = false;
    await Page.preload();
    expect(importer).toHaveBeenCalledTimes(2);
  });

});

/** Every source file under a folder. */
const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : /\.tsx?$/.test(name) ? [path] : [];
  });

it('no route loads its code with TanStack Router’s lazyRouteComponent (its conditional use() is what React warned about)', () => {
  const files = sources(join(process.cwd(), 'src')); // the project's root (jsdom's import.meta.url is not a file)
  expect(files.length).toBeGreaterThan(100);
  const using = files.filter((path) => /\blazyRouteComponent\s*\(/.test(readFileSync(path, 'utf8')));
  expect(using).toEqual([]);
});
