/*
 * Progressive enhancement of the server-rendered checkout: copy buttons, coin search, a countdown and
 * live status. The page works without it. It carries no words: every text is already in the page,
 * rendered from the service's dictionary, and this script only shows, hides and fills in numbers.
 */
(function () {
  'use strict';

  var FINAL_STAGES = ['paid', 'expired', 'failed', 'refunded'];

  function all(selector, scope) {
    return Array.prototype.slice.call((scope || document).querySelectorAll(selector));
  }

  // Copy buttons -------------------------------------------------------------------------------
  function copyText(text) {
    if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text);
    return new Promise(function (resolve, reject) {
      var area = document.createElement('textarea');
      area.value = text;
      area.setAttribute('readonly', '');
      area.className = 'sr-only';
      document.body.appendChild(area);
      area.select();
      var copied = document.execCommand && document.execCommand('copy');
      document.body.removeChild(area);
      if (copied) resolve();
      else reject(new Error('copy refused'));
    });
  }

  all('[data-copy]').forEach(function (button) {
    var idle = button.textContent;
    var timer = 0;
    button.hidden = false;
    button.addEventListener('click', function () {
      copyText(button.getAttribute('data-copy') || '').then(
        function () {
          button.textContent = button.getAttribute('data-copied');
        },
        function () {
          button.textContent = button.getAttribute('data-copy-failed');
        },
      );
      clearTimeout(timer);
      timer = setTimeout(function () {
        button.textContent = idle;
      }, 2000);
    });
  });

  // Coin search --------------------------------------------------------------------------------
  var searchBox = document.querySelector('[data-coin-search]');
  if (searchBox) {
    var input = searchBox.querySelector('input');
    var coins = all('[data-search]');
    var noMatches = document.querySelector('[data-no-matches]');
    searchBox.hidden = false;
    input.addEventListener('input', function () {
      var words = input.value.toLowerCase().split(/\s+/).filter(Boolean);
      var shown = 0;
      coins.forEach(function (coin) {
        var haystack = coin.getAttribute('data-search');
        var match = words.every(function (word) {
          return haystack.indexOf(word) !== -1;
        });
        coin.hidden = !match;
        if (match) shown += 1;
      });
      if (noMatches) noMatches.hidden = shown !== 0;
    });
  }

  // Live status --------------------------------------------------------------------------------
  var root = document.querySelector('[data-status-url]');
  if (!root) return;
  var statusUrl = root.getAttribute('data-status-url');
  var pollMs = Number(root.getAttribute('data-poll-ms')) || 3000;
  var countdown = root.querySelector('[data-countdown]');
  var deadline = Date.now() + Number(countdown ? countdown.getAttribute('data-seconds-left') : 0) * 1000;
  var redirectTimer = 0;
  var failures = 0;

  function pad(n) {
    return (n < 10 ? '0' : '') + n;
  }

  function formatSeconds(total) {
    var h = Math.floor(total / 3600);
    var m = Math.floor((total % 3600) / 60);
    var s = total % 60;
    return (h > 0 ? h + ':' + pad(m) : pad(m)) + ':' + pad(s);
  }

  function tick() {
    if (!countdown) return;
    var left = Math.max(0, Math.round((deadline - Date.now()) / 1000));
    countdown.textContent = formatSeconds(left);
    countdown.setAttribute('datetime', 'PT' + left + 'S');
    var upNote = root.querySelector('[data-time-up]');
    if (upNote) upNote.hidden = left > 0;
    var box = root.querySelector('[data-countdown-box]');
    if (box) box.hidden = left === 0;
  }

  function setText(field, value) {
    all('[data-field="' + field + '"]', root).forEach(function (node) {
      node.textContent = value === null || value === undefined ? '' : String(value);
    });
  }

  function startRedirect(redirect) {
    if (redirectTimer) return;
    var left = redirect.delay_seconds;
    setText('redirect_seconds', left);
    redirectTimer = setInterval(function () {
      left -= 1;
      setText('redirect_seconds', Math.max(0, left));
      if (left <= 0) {
        clearInterval(redirectTimer);
        window.location.assign(redirect.url);
      }
    }, 1000);
  }

  function apply(state) {
    root.setAttribute('data-stage', state.stage);
    all('[data-stage-panel]', root).forEach(function (panel) {
      panel.hidden = panel.getAttribute('data-stage-panel') !== state.stage;
    });
    all('[data-show-when]', root).forEach(function (node) {
      node.hidden = node.getAttribute('data-show-when').split(' ').indexOf(state.stage) === -1;
    });
    var box = root.querySelector('[data-status-box]');
    if (box) box.className = 'status stage-' + state.stage;

    ['confirmations', 'required_confirmations', 'actually_paid', 'missing_amount', 'amount_due'].forEach(
      function (field) {
        setText(field, state[field]);
      },
    );
    all('[data-copy-field]', root).forEach(function (button) {
      var value = state[button.getAttribute('data-copy-field')];
      if (value !== null && value !== undefined) button.setAttribute('data-copy', String(value));
    });
    var progress = root.querySelector('[data-confirmations-progress]');
    if (progress) {
      progress.max = Math.max(1, state.required_confirmations);
      progress.value = Math.min(state.confirmations, progress.max);
    }
    var qr = root.querySelector('[data-qr]');
    if (qr && state.qr_url && qr.getAttribute('src') !== state.qr_url) qr.setAttribute('src', state.qr_url);
    var walletLink = root.querySelector('[data-payment-uri]');
    if (walletLink && state.payment_uri) walletLink.setAttribute('href', state.payment_uri);

    deadline = Date.now() + state.expires_in_seconds * 1000;
    tick();

    var wayOut = state.redirect;
    all('[data-way-out]', root).forEach(function (link) {
      link.hidden = !wayOut;
      if (wayOut) link.setAttribute('href', wayOut.url);
    });
    var notice = root.querySelector('[data-redirect-notice]');
    if (notice) notice.hidden = !(wayOut && wayOut.automatic);
    all('[data-pick-again]', root).forEach(function (link) {
      link.hidden = !state.pick_again_url;
      if (state.pick_again_url) link.setAttribute('href', state.pick_again_url);
    });
    if (wayOut && wayOut.automatic) startRedirect(wayOut);
  }

  function poll() {
    fetch(statusUrl, {
      cache: 'no-store',
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    })
      .then(function (response) {
        if (!response.ok) throw new Error('status ' + response.status);
        return response.json();
      })
      .then(function (state) {
        failures = 0;
        apply(state);
        if (FINAL_STAGES.indexOf(state.stage) === -1) setTimeout(poll, pollMs);
      })
      .catch(function () {
        failures += 1;
        setTimeout(poll, Math.min(30000, pollMs * Math.pow(2, failures)));
      });
  }

  tick();
  setInterval(tick, 1000);
  poll();
})();
