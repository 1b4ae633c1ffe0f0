import { ROUTE_PATHS } from '../../contract/routes';
import { closeAwardPopup, expect, openPage, test } from './fixtures';

const PAGES = [
  {
    path: ROUTE_PATHS.home,
    title: 'Teratai Wealth | Professional Investment & Financial Services',
    h1: 'Grow, protect and pass on your wealth with confidence',
    sections: ['How we help you invest', 'What our clients say', 'Ready to start your wealth journey?'],
    texts: [
      'Portfolio Management',
      'Diversified portfolios',
      'Risk management',
      'Regular rebalancing',
      'Investment Strategy',
      'Market analysis',
      'Asset allocation',
      'Performance tracking',
      'Wealth Management',
      'Asset protection',
      'Tax optimization',
      'Estate planning',
      'Kuala Lumpur',
      'Penang',
      'Singapore',
      'Free initial consultation and portfolio review',
      'Personalized strategy',
      'No minimum investment',
      '24/7 monitoring',
      'A 30-minute discovery call',
      'Response within 24 hours',
    ],
  },
  {
    path: ROUTE_PATHS.about,
    title: 'About Us | Teratai Wealth',
    h1: 'Trusted wealth advisers since 2018',
    sections: ['Mission and Vision', 'Expert Team'],
    texts: [
      'established in 2018',
      'global clientele',
      'reliability, transparency and performance',
      'Founder & Managing Director',
      'Vision & Mission',
      'Senior Fund Manager',
      'Portfolio Management',
      '30+ years of experience',
      'Market Analyst',
      'Research & Analysis',
    ],
  },
  {
    path: ROUTE_PATHS.services,
    title: 'Our Services | Teratai Wealth',
    h1: 'Everything your wealth needs, in one place',
    sections: ['Our core services', 'Not sure where to start?'],
    texts: [
      'Global Business',
      'Business Growth',
      'Success Reports',
      'Business Ideas',
      'Wealth Management',
      'Stocks',
      'Indices',
      'Mutual funds',
      'Private-equity funds',
      'Developing companies',
      'Currencies',
      'Commodities',
      'Cryptocurrencies',
      'Financial Consulting',
      'Personalised planning',
      'Strategy development',
      'Tax optimisation',
      'Retirement planning',
      'Assets Management',
      'Asset protection',
      'Estate planning',
      'Risk management',
      'Legacy planning',
    ],
  },
  {
    path: ROUTE_PATHS.portfolio,
    title: 'Track Records & Portfolio | Teratai Wealth',
    h1: 'Track Records & Portfolio',
    sections: ['Performance Overview', 'Asset classes we invest in', 'Success Reports', 'Join Our Success Story'],
    texts: [
      'Active Clients',
      '1000+',
      'Success Rate',
      '96%',
      'Average Returns',
      '24%',
      'Total Projects',
      '20+',
      'Stocks',
      'Indices',
      'Mutual Funds',
      'Private Equity',
      'Currencies',
      'Commodities',
      'Cryptocurrency',
      'Developing Co.',
      'Risk Management',
      'Growth Strategy',
      'Goal Achievement',
    ],
  },
  {
    path: ROUTE_PATHS.contact,
    title: 'Contact Us | Teratai Wealth',
    h1: 'Contact Our Team',
    sections: ['Get Started Today'],
    texts: [
      'Get In Touch',
      'wealth management journey',
      'WhatsApp',
      '+60 12-345 6789',
      'Fast response guaranteed',
      'Email',
      'hello@teratai-wealth.example',
      'Response within 24 hours',
      'Visit Our Office',
      'Jalan Puchong, 47100 Puchong, Selangor, Malaysia',
      'By appointment only',
      'Business Hours',
      'Mon - Fri: 9 AM - 6 PM',
      'Weekend consultations available',
    ],
  },
] as const;

for (const spec of PAGES) {
  test(`${spec.path} shows its title, heading, sections and content`, async ({ page }) => {
    const response = await openPage(page, spec.path);
    expect(response?.status()).toBe(200);
    if (spec.path === ROUTE_PATHS.home) await closeAwardPopup(page);
    await expect(page).toHaveTitle(spec.title);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(spec.h1);
    const main = page.locator('#main-content');
    const headings = await main.getByRole('heading', { level: 2 }).allTextContents();
    const positions = spec.sections.map((name) => headings.indexOf(name));
    expect(
      positions.every((position) => position >= 0),
      `sections ${spec.sections.join(', ')} in ${headings.join(' | ')}`,
    ).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    for (const text of spec.texts) await expect(main.getByText(text, { exact: false }).first()).toBeVisible();
  });
}

test('the home page puts carousel, hero, services, testimonials and call-to-action in that order', async ({ page }) => {
  await openPage(page, ROUTE_PATHS.home);
  const order = await page.evaluate(() => {
    const main = document.querySelector('#main-content')!;
    const find = (selector: string) => main.querySelector(selector)!;
    const items = [
      find('[aria-roledescription="carousel"], .carousel-frame'),
      find('h1'),
      find('#home-services'),
      find('#home-testimonials'),
      [...main.querySelectorAll('h2')].find((h) => h.textContent === 'Ready to start your wealth journey?')!,
    ];
    return items.map((element) => element.getBoundingClientRect().top + window.scrollY);
  });
  expect([...order].sort((a, b) => a - b)).toEqual(order);
});

test('the home hero links to About Us and Our Services, and the call-to-action to /contact', async ({ page }) => {
  await openPage(page, ROUTE_PATHS.home);
  await closeAwardPopup(page);
  const main = page.locator('#main-content');
  await expect(main.getByRole('link', { name: 'About Us', exact: true })).toHaveAttribute('href', ROUTE_PATHS.about);
  await expect(main.getByRole('link', { name: 'Our Services', exact: true })).toHaveAttribute('href', ROUTE_PATHS.services);
  await expect(main.getByRole('link', { name: 'Get Started Now' })).toHaveAttribute('href', ROUTE_PATHS.contact);
});

for (const path of ['/no-such-page', '/ABOUT', '/Contact']) {
  test(`an unknown path (${path}) is answered 404 with the 404 page, paths being case-sensitive as the service's are`, async ({ page }) => {
    const response = await openPage(page, path);
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle('404 Page Not Found | Teratai Wealth');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Page Not Found');
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  });
}

test('the contact form has the five fields, in order, with their types and placeholders', async ({ page }) => {
  await openPage(page, ROUTE_PATHS.contact);
  const form = page.getByRole('form', { name: 'Get Started Today' });
  const labels = await form.locator('label:not([for="website"])').allTextContents();
  expect(labels.map((label) => label.replace(' *', '').trim())).toEqual([
    'First Name',
    'Last Name',
    'Email Address',
    'WhatsApp Number',
    'Message',
  ]);
  await expect(form.getByLabel('Email Address')).toHaveAttribute('type', 'email');
  await expect(form.getByLabel('WhatsApp Number')).toHaveAttribute('type', 'tel');
  await expect(form.getByLabel('WhatsApp Number')).toHaveAttribute('placeholder', /^\+60 1\d-\d{3} \d{4}$/);
  const message = form.getByLabel('Message');
  await expect(message).toHaveAttribute('placeholder', 'Tell us about your goal & How we can help...');
  expect(await message.evaluate((element) => getComputedStyle(element).minHeight)).toBe('120px');
  await expect(form.getByRole('button', { name: 'Send Message' })).toBeEnabled();
});

test('the footer holds the blurb, e-mail, address, social links and copyright', async ({ page }) => {
  await openPage(page, ROUTE_PATHS.about);
  const footer = page.locator('footer');
  await expect(footer.getByText('Malaysian wealth-management')).toBeVisible();
  await expect(footer.getByRole('link', { name: 'hello@teratai-wealth.example' })).toHaveAttribute(
    'href',
    'mailto:hello@teratai-wealth.example',
  );
  await expect(footer.getByText('Puchong, Selangor, Malaysia')).toBeVisible();
  for (const [name, host] of [
    ['Facebook', 'www.facebook.com'],
    ['Instagram', 'www.instagram.com'],
  ] as const) {
    const link = footer.getByRole('link', { name: new RegExp(name) });
    await expect(link).toHaveAttribute('href', new RegExp(`^https://${host.replace('.', '\\.')}/`));
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  }
  await expect(footer.getByText('© 2025 Teratai Wealth')).toBeVisible();
});
