/**
 * The portfolio page's whole content (name, contact, education, three project links).
 * This is neutral SAMPLE content: replace it with the site author's own details.
 */
export type Project = { name: string; url: string; summary: string; stack: string[] };

export type Portfolio = {
  isSample: boolean;
  name: string;
  role: string;
  intro: string;
  contact: { email: string; phone: string; location: string; website: string };
  education: { degree: string; school: string; years: string; note: string }[];
  skills: string[];
  projects: Project[];
};

export const portfolio: Portfolio = {
  isSample: true,
  name: 'Alex Example',
  role: 'Full-stack web developer',
  intro:
    'This is a sample portfolio. It shows how the page lays out a developer\'s details; every name, address and link here is a placeholder to be replaced by the site author.',
  contact: {
    email: 'alex@example.com',
    phone: '+1 (555) 010-0000',
    location: 'Springfield (sample)',
    website: 'https://example.com',
  },
  education: [
    {
      degree: 'B.Sc. in Computer Science',
      school: 'Example State University',
      years: '2016 – 2020',
      note: 'Sample entry: web engineering, databases and human-computer interaction.',
    },
    {
      degree: 'Certificate in Automotive Technology',
      school: 'Example Community College',
      years: '2014 – 2015',
      note: 'Sample entry: the hands-on side that led to building a car-parts shop.',
    },
  ],
  skills: ['TypeScript', 'React', 'TanStack Query', 'Tailwind CSS', 'Rust', 'axum', 'SQL', 'Playwright'],
  projects: [
    {
      name: 'Sample project one: workshop booking app',
      url: 'https://example.com/projects/workshop-booking',
      summary: 'Placeholder: a booking calendar for a one-bay garage, with reminders by e-mail.',
      stack: ['React', 'Node.js'],
    },
    {
      name: 'Sample project two: fuel log',
      url: 'https://example.com/projects/fuel-log',
      summary: 'Placeholder: a small offline-first app that tracks fuel use and service intervals.',
      stack: ['TypeScript', 'IndexedDB'],
    },
    {
      name: 'Sample project three: parts catalogue API',
      url: 'https://example.com/projects/parts-api',
      summary: 'Placeholder: a searchable parts catalogue with stock levels, served as a JSON API.',
      stack: ['Rust', 'PostgreSQL'],
    },
  ],
};
