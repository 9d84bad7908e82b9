import { useId } from 'react';

/** The home page's contact form: e-mail address, subject, message, Submit; it sends nothing (docs/decisions.md, D14). */
export function ContactForm() {
  const id = useId();
  return (
    <section id="contact" aria-labelledby="contact-title" className="scroll-mt-20 bg-neutral text-neutral-content">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 sm:px-6 lg:grid-cols-2">
        <div>
          <p className="text-sm font-semibold uppercase tracking-widest text-orange-400">Contact us</p>
          <h2 id="contact-title" className="mt-1 text-3xl font-bold text-white">
            Stay connected with us
          </h2>
          <p className="mt-4 max-w-md text-neutral-content/85">
            Looking for a part you cannot find, or a price for a larger order? Our counter staff are mechanics
            too. Call <a href="tel:+15550142290" className="link text-white">+1 (555) 014-2290</a> or write to{' '}
            <a href="mailto:hello@partsgarage.example" className="link text-white">
              hello@partsgarage.example
            </a>
            .
          </p>
        </div>
        <form className="grid gap-4" onSubmit={(event) => event.preventDefault()} noValidate>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-email`} className="text-sm font-semibold text-white">
              Email
            </label>
            <input id={`${id}-email`} type="email" autoComplete="email" className="input input-bordered w-full text-base-content" />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-subject`} className="text-sm font-semibold text-white">
              Subject
            </label>
            <input id={`${id}-subject`} type="text" className="input input-bordered w-full text-base-content" />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-message`} className="text-sm font-semibold text-white">
              Message
            </label>
            <textarea id={`${id}-message`} rows={4} className="textarea textarea-bordered w-full text-base-content" />
          </div>
          <div>
            <button type="submit" className="btn btn-primary">
              Submit
            </button>
          </div>
        </form>
      </div>
    </section>
  );
}
