// Drives the Veridict chat in Debian's headless Chromium (playwright-core, no browser download)
// and prints one JSON object of what it saw; tests/test_chat_browser.py makes the assertions.
//
// env: CHAT_URL, MODE=ask|upload, SCREENSHOT (png path), QUESTION (ask), UPLOAD_FILES (upload:
// paths separated by ':'), UPLOAD_TEXT (message sent with the files), CHAT_USER/CHAT_PASSWORD (login).
import { chromium } from 'playwright-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const env = process.env;
const TIMEOUT = Number(env.TIMEOUT_MS || 180000);
const FLAGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run',
];

async function login(page) {
  await page.fill('#email', env.CHAT_USER || 'tester');
  await page.fill('#password', env.CHAT_PASSWORD);
  await page.click('button[type="submit"]');
}

async function openChat(page) {
  await page.goto(env.CHAT_URL);
  if (env.CHAT_PASSWORD) {
    await page.waitForSelector('#email', { timeout: 30000 });
    await login(page);
  }
  await page.waitForSelector('#chat-input', { timeout: 30000 });
}

// Type and submit; retried until the message shows (the socket may still be connecting).
async function send(page, text) {
  for (let attempt = 0; attempt < 10; attempt++) {
    await page.fill('#chat-input', text);
    const submit = page.locator('#chat-submit');
    if (await submit.isEnabled()) await submit.click();
    try {
      await page.locator('[data-step-type="user_message"]', { hasText: text }).first().waitFor({ timeout: 3000 });
      return;
    } catch (e) { /* not sent yet */ }
  }
  throw new Error('the chat did not accept the message');
}

// The last assistant message's text, once it contains one of the markers.
async function waitForAssistant(page, markers) {
  const deadline = Date.now() + TIMEOUT;
  while (Date.now() < deadline) {
    const texts = await page.$$eval('[data-step-type="assistant_message"]', (els) => els.map((e) => e.innerText));
    const hit = texts.reverse().find((t) => markers.some((m) => t.includes(m)));
    if (hit) return hit;
    await page.waitForTimeout(500);
  }
  throw new Error(`no assistant message with ${JSON.stringify(markers)} within ${TIMEOUT} ms`);
}

async function ask(page, out) {
  await send(page, env.QUESTION);
  out.answer = await waitForAssistant(page, ['Sources', "can't answer"]);
  await page.waitForTimeout(500);
  // the agent steps: "Used <name>" buttons; open the research step and read what it shows
  out.steps = await page.$$eval('button[id^="step-"]', (bs) => bs.map((b) => b.innerText.trim()));
  const research = page.locator('button[id="step-Research"]').first();
  if (await research.count()) {
    await research.click();
    await page.waitForTimeout(700);
    out.step_detail = await page.locator('[data-step-type="run"]').allInnerTexts();
  }
  // close an open side panel first, so the click below is what opens it
  const back = page.locator('#side-view-title button').first();
  if (await page.locator('#side-view-title').count()) {
    if (await back.count()) await back.click().catch(() => {});
    await page.waitForTimeout(500);
  }
  out.side_open_before_click = await page.locator('#side-view-title').count() > 0;
  const link = page.locator('a', { hasText: 'Source 1' }).first();
  if (await link.count()) {
    await link.click();
    await page.waitForSelector('#side-view-title', { timeout: 15000 });
    out.side_title = await page.locator('#side-view-title').innerText();
    const pdf = page.locator('#side-view-content .react-pdf__Page');
    try {
      await pdf.first().waitFor({ timeout: 20000 });
      await page.locator('#side-view-content .react-pdf__Page__textContent span').first().waitFor({ timeout: 20000 });
      out.pdf_page = Number(await pdf.first().getAttribute('data-page-number'));
      out.pdf_text = await page.locator('#side-view-content .react-pdf__Page__textContent').first().innerText();
      await page.waitForTimeout(500);
      out.quote_spans_marked = await page.locator('#side-view-content .veridict-quote').count();
    } catch (e) {
      out.side_text = await page.locator('#side-view-content').innerText();
    }
  }
}

async function upload(page, out) {
  const files = env.UPLOAD_FILES.split(':').filter(Boolean);
  const names = files.map((f) => f.split('/').pop());
  // attach; retried until the chat server took every file (before the chat's socket session is
  // up, the upload request fails and the message would go out without its files)
  for (let attempt = 0; ; attempt++) {
    let stored = 0;
    const onResponse = (r) => {
      if (r.request().method() === 'POST' && r.url().includes('/project/file') && r.status() === 200) stored += 1;
    };
    page.on('response', onResponse);
    await page.setInputFiles('#upload-button-input', files);
    const deadline = Date.now() + 10000;
    while (stored < files.length && Date.now() < deadline) await page.waitForTimeout(250);
    page.off('response', onResponse);
    if (stored >= files.length) break;
    if (attempt >= 4) throw new Error(`the chat server did not take the attachments ${names}`);
    await page.reload();
    await page.waitForSelector('#chat-input', { timeout: 30000 });
    await page.waitForTimeout(1000);
  }
  out.attached = names;
  await send(page, env.UPLOAD_TEXT || 'Please add these documents.');
  out.report = await waitForAssistant(page, ['Ingestion report', 'Ingestion failed', 'Upload not added']);
}

const userDataDir = mkdtempSync(join(tmpdir(), 'veridict-chromium-'));
const out = { ok: false };
let context;
try {
  context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: FLAGS,
    viewport: { width: 1440, height: 900 },
  });
  const page = context.pages()[0] || (await context.newPage());
  out.console_errors = [];
  page.on('pageerror', (e) => out.console_errors.push(String(e).slice(0, 300)));
  await openChat(page);
  if ((env.MODE || 'ask') === 'upload') await upload(page, out);
  else await ask(page, out);
  if (env.SCREENSHOT) {
    await page.waitForTimeout(800);
    await page.screenshot({ path: env.SCREENSHOT });
    out.screenshot = env.SCREENSHOT;
  }
  out.ok = true;
} catch (e) {
  out.error = String(e && e.stack ? e.stack : e).slice(0, 2000);
  if (context && env.SCREENSHOT) {
    const page = context.pages()[0];
    if (page) await page.screenshot({ path: env.SCREENSHOT.replace(/\.png$/, '-error.png') }).catch(() => {});
  }
} finally {
  if (context) await context.close().catch(() => {});
  rmSync(userDataDir, { recursive: true, force: true });
}
process.stdout.write(JSON.stringify(out) + '\n');
process.exit(out.ok ? 0 : 1);
