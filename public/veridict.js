// Veridict chat: highlight the cited quote in the PDF opened beside the chat.
// When the side panel shows "Source N", the quote is read from that source's entry in the
// answer (its blockquote) and every text-layer span of the PDF page that belongs to it is marked.
(function () {
  const norm = (s) => (s || '').replace(/[“”…]/g, ' ').replace(/\s+/g, ' ').trim().toLowerCase();

  function quoteFor(title) {
    const badges = Array.from(document.querySelectorAll('[data-step-type="assistant_message"] a, [data-step-type="assistant_message"] button'))
      .filter((el) => el.innerText.trim().toLowerCase() === title.toLowerCase());
    const badge = badges[badges.length - 1];
    const item = badge && badge.closest('li');
    const quote = item && item.querySelector('blockquote');
    return quote ? norm(quote.innerText) : '';
  }

  function highlight() {
    const titleEl = document.getElementById('side-view-title');
    const layer = document.querySelector('#side-view-content .react-pdf__Page__textContent');
    if (!titleEl || !layer) return;
    const spans = layer.querySelectorAll('span[role="presentation"]');
    if (!spans.length) return;
    const page = layer.closest('.react-pdf__Page');
    const key = [titleEl.innerText.trim(), page && page.dataset.pageNumber, spans.length].join('|');
    if (layer.dataset.veridictMarked === key) return;
    layer.dataset.veridictMarked = key;
    const quote = quoteFor(titleEl.innerText.trim());
    if (quote.length < 8) return;
    // the page's text as one string, each span's range in it
    let full = '';
    const ranges = [];
    spans.forEach((span) => {
      const text = norm(span.innerText);
      if (!text) return;
      if (full) full += ' ';
      ranges.push([span, full.length, full.length + text.length]);
      full += text;
    });
    // where the quote starts on the page (the whole quote, else a long prefix of it)
    let at = -1;
    for (const n of [quote.length, 80, 40, 20]) {
      if (n > quote.length) continue;
      at = full.indexOf(quote.slice(0, n));
      if (at >= 0) break;
    }
    let marked = 0;
    if (at >= 0) {
      const end = at + quote.length;
      ranges.forEach(([span, s, e]) => {
        if (e > at && s < end) {
          span.style.background = 'rgba(255, 214, 0, 0.45)';
          span.style.borderRadius = '2px';
          span.classList.add('veridict-quote');
          marked += 1;
        }
      });
    }
    layer.dataset.veridictQuoteSpans = String(marked);
  }

  new MutationObserver(highlight).observe(document.documentElement, { childList: true, subtree: true });
})();
