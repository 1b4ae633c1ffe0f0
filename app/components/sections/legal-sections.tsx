import { BRAND } from '../../content/brand';
import type { LegalBlock, LegalSection, PrivacyContactBlock } from '../../content/legal';
import { BulletList } from '../ui/lists';

/** Whom to write to about personal data, labelled in the language of the text around it. */
function PrivacyContact({ labels }: { labels: PrivacyContactBlock }) {
  const contact = BRAND.dataProtectionContact;
  return (
    <address className="mt-3 grid gap-1 rounded-xl bg-brand-pale p-4 not-italic text-ink">
      <strong>
        {labels.designation}
        {labels.comma}
        {BRAND.legalName}
      </strong>
      <span>
        {labels.email}
        {labels.colon}
        <a href={`mailto:${contact.email}`} className="whitespace-nowrap font-medium text-brand">
          {contact.email}
        </a>
      </span>
      <span>
        {labels.phone}
        {labels.colon}
        <a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`} className="whitespace-nowrap font-medium text-brand">
          {contact.phone}
        </a>
      </span>
      <span>
        {labels.address}
        {labels.colon}
        {BRAND.address.oneLine}
      </span>
    </address>
  );
}

function Block({ block }: { block: LegalBlock }) {
  if (typeof block === 'string') return <p className="mb-0 mt-3">{block}</p>;
  if ('privacyContact' in block) return <PrivacyContact labels={block} />;
  return <BulletList items={block} className="mb-0 mt-3 gap-1.5 pl-6" />;
}

interface LegalSectionsProps {
  readonly sections: readonly LegalSection[];
  /** The heading level of each section: h3 under a language version's h2, h2 on a one-language page. */
  readonly level: 2 | 3;
}

/** A legal text's numbered sections, each a heading with its paragraphs and lists. */
export function LegalSections({ sections, level }: LegalSectionsProps) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <ol className="m-0 grid list-none gap-8 p-0">
      {sections.map((section, index) => (
        <li key={section.heading}>
          <Heading className="m-0 text-xl font-bold text-ink">
            {index + 1}. {section.heading}
          </Heading>
          {section.body.map((block, blockIndex) => (
            <Block key={blockIndex} block={block} />
          ))}
        </li>
      ))}
    </ol>
  );
}
