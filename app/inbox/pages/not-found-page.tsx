import { Link } from 'react-router-dom';
import { PageHeading } from '../components/page-heading';
import { TEXTS } from '../texts';

export function NotFoundPage() {
  const t = TEXTS.notFound;
  return (
    <>
      <PageHeading title={t.heading} />
      <p>{t.lead}</p>
      <p>
        <Link to="/" className="text-brand underline underline-offset-2 hover:text-ink">
          {t.back}
        </Link>
      </p>
    </>
  );
}
