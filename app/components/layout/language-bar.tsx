import { LanguageSwitcher } from './language-switcher';

/**
 * The header's top line, at every width and without JavaScript: the page in
 * the other languages. It is exactly h-8 tall: the header sticks at -top-8,
 * so this line scrolls away and the brand and menu line stays.
 */
export function LanguageBar() {
  return (
    <div className="h-8 border-b border-paper/10">
      <div className="page-container flex h-full items-center justify-end">
        <LanguageSwitcher
          className="m-0 flex list-none items-center gap-1 p-0 text-sm"
          linkClassName="flex items-center rounded px-2 py-1 text-paper/85 no-underline hover:(bg-paper/10 text-paper) aria-[current=true]:text-accent-light"
        />
      </div>
    </div>
  );
}
