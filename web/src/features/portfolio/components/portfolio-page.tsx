import { portfolio } from '../portfolio-data';

/** The portfolio page, drawn entirely from portfolio-data.ts. */
export function PortfolioPage() {
  const p = portfolio;
  const initials = p.name
    .split(' ')
    .map((word) => word[0])
    .join('')
    .slice(0, 2);

  return (
    <div className="bg-base-200">
      <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 sm:py-14">
        {p.isSample ? (
          <p className="alert alert-info alert-soft mb-6" role="note">
            Sample content: this portfolio shows placeholder details until the site author adds their own.
          </p>
        ) : null}
        <section className="card bg-base-100 shadow-sm" aria-labelledby="portfolio-name">
          <div className="card-body flex-col gap-6 sm:flex-row sm:items-center">
            <div
              aria-hidden="true"
              className="flex h-24 w-24 shrink-0 items-center justify-center rounded-full bg-neutral text-3xl font-extrabold text-white"
            >
              {initials}
            </div>
            <div>
              <h1 id="portfolio-name" className="text-3xl font-bold">
                {p.name}
              </h1>
              <p className="text-lg font-semibold text-primary">{p.role}</p>
              <p className="mt-2 max-w-2xl text-base-content/80">{p.intro}</p>
            </div>
          </div>
        </section>

        <div className="mt-6 grid gap-6 md:grid-cols-[1fr_2fr]">
          <section className="card bg-base-100 shadow-sm" aria-labelledby="contact-heading">
            <div className="card-body">
              <h2 id="contact-heading" className="card-title">
                Contact
              </h2>
              <dl className="grid gap-2 text-sm">
                <div>
                  <dt className="font-semibold text-base-content/75">Email</dt>
                  <dd>
                    <a className="link link-primary break-all" href={`mailto:${p.contact.email}`}>
                      {p.contact.email}
                    </a>
                  </dd>
                </div>
                <div>
                  <dt className="font-semibold text-base-content/75">Phone</dt>
                  <dd>{p.contact.phone}</dd>
                </div>
                <div>
                  <dt className="font-semibold text-base-content/75">Location</dt>
                  <dd>{p.contact.location}</dd>
                </div>
                <div>
                  <dt className="font-semibold text-base-content/75">Website</dt>
                  <dd>
                    <a className="link link-primary break-all" href={p.contact.website} rel="noreferrer" target="_blank">
                      {p.contact.website}
                    </a>
                  </dd>
                </div>
              </dl>
              <h2 className="card-title mt-4">Skills</h2>
              <ul className="flex flex-wrap gap-2">
                {p.skills.map((skill) => (
                  <li key={skill} className="badge badge-outline">
                    {skill}
                  </li>
                ))}
              </ul>
            </div>
          </section>

          <section className="card bg-base-100 shadow-sm" aria-labelledby="education-heading">
            <div className="card-body">
              <h2 id="education-heading" className="card-title">
                Education
              </h2>
              <ol className="grid gap-4">
                {p.education.map((item) => (
                  <li key={item.degree} className="border-l-4 border-primary pl-4">
                    <p className="font-bold">{item.degree}</p>
                    <p className="text-sm text-base-content/75">
                      {item.school} · {item.years}
                    </p>
                    <p className="mt-1 text-sm">{item.note}</p>
                  </li>
                ))}
              </ol>
            </div>
          </section>
        </div>

        <section className="mt-6" aria-labelledby="projects-heading">
          <h2 id="projects-heading" className="mb-4 text-2xl font-bold">
            Projects
          </h2>
          <ul className="grid gap-4 md:grid-cols-3">
            {p.projects.map((project) => (
              <li key={project.url} className="card bg-base-100 shadow-sm">
                <div className="card-body">
                  <h3 className="card-title text-base">{project.name}</h3>
                  <p className="text-sm text-base-content/80">{project.summary}</p>
                  <ul className="flex flex-wrap gap-1" aria-label="Built with">
                    {project.stack.map((tech) => (
                      <li key={tech} className="badge badge-ghost badge-sm">
                        {tech}
                      </li>
                    ))}
                  </ul>
                  <div className="card-actions mt-2">
                    <a className="btn btn-sm btn-outline" href={project.url} target="_blank" rel="noreferrer">
                      View project<span className="sr-only">: {project.name}</span>
                    </a>
                  </div>
                </div>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}
