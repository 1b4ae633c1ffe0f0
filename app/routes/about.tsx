import aboutHistory from '../assets/images/about-history.svg';
import { IconBadge } from '../components/sections/icon-card';
import { PageHero } from '../components/sections/page-hero';
import { TitledSection } from '../components/sections/titled-section';
import { PageMeta } from '../components/layout/page-meta';
import { pageCopy } from '../i18n/active-locale';

export function AboutPage() {
  const copy = pageCopy('about');
  const { hero, missionVision, team } = copy;
  return (
    <>
      <PageMeta {...copy.meta} />
      <PageHero
        eyebrow={hero.eyebrow}
        heading={hero.heading}
        aside={<img src={aboutHistory} alt={hero.imageAlt} width={800} height={600} className="w-full rounded-3xl shadow-2xl" />}
      >
        {hero.paragraphs.map((paragraph) => (
          <p key={paragraph} className="mb-0 mt-4 text-lg text-paper/90">
            {paragraph}
          </p>
        ))}
      </PageHero>

      <TitledSection id="mission-vision" title={missionVision.heading}>
        <div className="mt-10 grid gap-6 md:grid-cols-2">
          {[
            { icon: 'i-lucide-target', ...missionVision.mission },
            { icon: 'i-lucide-eye', ...missionVision.vision },
          ].map((item) => (
            <article key={item.title} className="card">
              <IconBadge icon={item.icon} />
              <h3 className="mb-0 mt-4 text-xl font-bold text-ink">{item.title}</h3>
              <p className="mb-0 mt-2 text-muted">{item.text}</p>
            </article>
          ))}
        </div>
      </TitledSection>

      <TitledSection id="expert-team" title={team.heading} lead={team.lead} tinted>
        <ul className="m-0 mt-10 grid list-none gap-6 p-0 md:grid-cols-3">
          {team.members.map((member) => (
            <li key={member.role} className="card text-center">
              <span
                aria-hidden="true"
                className="mx-auto flex h-20 w-20 items-center justify-center rounded-full bg-gradient-to-br from-brand to-ink text-2xl font-bold text-accent-light"
              >
                {member.initials}
              </span>
              <h3 className="mb-0 mt-4 text-xl font-bold text-ink">{member.role}</h3>
              <p className="mb-0 mt-1 font-semibold text-brand">{member.focus}</p>
              <p className="mb-0 mt-3 text-muted">{member.description}</p>
            </li>
          ))}
        </ul>
      </TitledSection>
    </>
  );
}
