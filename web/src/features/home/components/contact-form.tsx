import { lazy } from '@/lib/lazy';
import { WhenNear } from '@/components/ui/when-near';
import { telHref } from '@/lib/phone';

// The form's code comes when the section nears the screen: it is no part of the home page's first
// load. Until then a box of the form's height stands in for it, so nothing below moves.
const ContactFields = lazy(() => import('./contact-fields'));

const formPlaceholder = (
  <div className="min-h-[22rem]" role="status">
    <span className="sr-only">Loading the contact form</span>
  </div>
);

/**
 * The home page's contact form: e-mail address, subject, message, Submit. The shop keeps the
 * message, mails it to its own address and lists it for the staff; the sender is told it was sent,
 * or why not, in words (docs/decisions.md, D36). `phone` is the trade counter's, for a quicker answer.
 */
export function ContactForm({ phone }: { phone?: string | undefined }) {
  return (
    <section id="contact" aria-labelledby="contact-title" className="scroll-mt-20 bg-neutral text-neutral-content">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 sm:px-6 lg:grid-cols-2">
        <div>
          <p className="text-sm font-semibold uppercase tracking-widest text-orange-400">Contact us</p>
          <h2 id="contact-title" className="mt-1 text-3xl font-bold text-white">
            Stay connected with us
          </h2>
          <p className="mt-4 max-w-md text-neutral-content/85">
            Looking for a part you cannot find, or a price for a larger order? Our counter staff are mechanics too. Write to us here
            {phone ? (
              <>
                {' '}
                or call{' '}
                <a href={telHref(phone)} className="link text-white">
                  {phone}
                </a>
              </>
            ) : null}
            ; we answer within one working day.
          </p>
        </div>
        <WhenNear placeholder={formPlaceholder}>
          <ContactFields />
        </WhenNear>
      </div>
    </section>
  );
}
