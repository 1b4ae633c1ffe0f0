/**
 * A Vite plugin that compiles the message catalogues (contract/messages/*.ts)
 * at build: the page receives Lingui's compiled form, so it never carries the
 * ICU parser (7 KB gzip). A message that does not parse fails the build. The
 * service's own messages (keys under `service.` and `formPage.`, which only
 * the service says) are left out of the page's copy.
 */
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

const CATALOGUE = /[\\/]contract[\\/]messages[\\/][a-z-]+\.ts$/;
const SERVICE_ONLY = /^(service|formPage)\./;

export function compileMessages(): Plugin {
  return {
    name: 'teratai:compile-messages',
    // After Vite's own TypeScript transform: the code is plain JavaScript without imports.
    async transform(code, id) {
      if (!CATALOGUE.test(id)) return null;
      const module = (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as {
        messages: Record<string, string>;
      };
      const compiled = Object.fromEntries(
        Object.entries(module.messages)
          .filter(([key]) => !SERVICE_ONLY.test(key))
          .map(([key, message]) => {
            try {
              return [key, compileMessage(message)];
            } catch (error) {
              throw new Error(`${id}: message "${key}" is not valid ICU MessageFormat: ${(error as Error).message}`);
            }
          }),
      );
      return { code: `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(compiled))});`, map: null };
    },
  };
}
