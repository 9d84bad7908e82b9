import { expect, scrollToSection, signInWithToken, test } from './fixtures';
import { mailTo } from './support/mail';

test.describe('the contact form', () => {
  for (const width of [390, 1280] as const) {
    test(`a visitor's message is confirmed, reaches the shop's mailbox and the admins' Messages, at ${width} px`, async ({ page, adminToken }) => {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      const subject = `Pads for a Corolla ${Date.now().toString(36)}-${width}`;
      await page.goto('/');
      const form = (await scrollToSection(page, 'Stay connected with us')).getByRole('form', { name: 'Contact us' });

      // A mistyped address is named, and nothing is sent.
      await form.getByLabel('Email').fill('ann@');
      await form.getByRole('button', { name: 'Submit' }).click();
      await expect(form.getByText('Provide a valid Email')).toBeVisible();
      await expect(form.getByText('Subject is Required')).toBeVisible();

      await form.getByLabel('Email').fill('ann.driver@example.com');
      await form.getByLabel('Subject').fill(subject);
      await form.getByLabel('Message').fill('Do you have front pads for a 2014 Corolla? Two sets, please.');
      await form.getByRole('button', { name: 'Submit' }).click();
      await expect(form.getByRole('status')).toHaveText(
        'Thank you: your message was sent. We answer within one working day at ann.driver@example.com.',
      );
      await expect(form.getByLabel('Subject')).toHaveValue('');

      // The shop's own mailbox gets it (this shop writes its mail as files, addressed as it would send it).
      await expect.poll(() => mailTo('shop@localhost').filter((mail) => mail.subject === `Contact form: ${subject}`).length).toBe(1);
      const mail = mailTo('shop@localhost').find((m) => m.subject === `Contact form: ${subject}`)!;
      expect(mail.text).toContain('From: ann.driver@example.com');

      // And the admins' Messages page lists it, with the way to answer.
      await signInWithToken(page, adminToken, '/dashboard');
      await page.getByRole('navigation').getByRole('link', { name: 'Messages' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
      const listed = page.getByRole('listitem', { name: subject });
      await expect(listed).toContainText('Two sets, please.');
      await expect(listed.getByRole('link', { name: 'ann.driver@example.com' })).toBeVisible();
    });
  }
});
