"""Schemathesis hooks for scripts/fuzz: per-family credentials, and no webhook leaving the machine.

Family A signs the exact bytes sent, so its headers are added by a `requests` auth object, which runs
after the body has been serialised: sign = md5(base64(body) + payment key) (upstream-apis.md 2.1).
"""

import atexit
import base64
import hashlib
import json
import os
import uuid
from urllib.parse import urlsplit

import requests
import schemathesis

V1_API_KEY = os.environ["FUZZ_V1_API_KEY"]
MERCHANT_ID = os.environ["FUZZ_MERCHANT_ID"]
PAYMENT_KEY = os.environ["FUZZ_PAYMENT_KEY"]
BETA_API_KEY = os.environ["FUZZ_BETA_API_KEY"]
CALLBACK_URL = os.environ["FUZZ_CALLBACK_URL"]

# Fields whose URL the gateway calls back; a generated host would send webhooks (and DNS look-ups) out.
CALLBACK_FIELDS = ("ipn_callback_url", "url_callback", "callback_url")


def alpha_sign(body: bytes, key: str) -> str:
    return hashlib.md5(base64.b64encode(body) + key.encode()).hexdigest()


BETA_KEY_HEADERS = ("merchant_api_key", "payout_api_key", "general_api_key")


class GatewayAuth(requests.auth.AuthBase):
    def __call__(self, request):
        path = urlsplit(request.url).path
        if path.startswith("/alpha/"):
            body = request.body or b""
            if isinstance(body, str):
                body = body.encode()
            request.headers["merchant"] = MERCHANT_ID
            request.headers["sign"] = alpha_sign(body, PAYMENT_KEY)
        elif path.startswith("/beta/"):
            # The gateway issues one key: upstream's payout and general calls take it in their own header.
            for header in BETA_KEY_HEADERS:
                request.headers[header] = BETA_API_KEY
        elif path.startswith("/v1/"):
            request.headers["x-api-key"] = V1_API_KEY
        return request


schemathesis.auth.set_from_requests(GatewayAuth())


@schemathesis.hook
def before_call(context, case, kwargs):
    if isinstance(case.body, dict):
        for field in CALLBACK_FIELDS:
            if isinstance(case.body.get(field), str):
                case.body[field] = CALLBACK_URL
    # Generated keys repeat ("", "0") across unrelated bodies, and every repeat is a documented 409 that
    # never reaches the create path; a fresh valid key per call keeps the header exercised.
    key = (case.headers or {}).get("Idempotency-Key")
    if isinstance(key, str) and len(key) <= 255:
        case.headers["Idempotency-Key"] = str(uuid.uuid4())


# Status codes answered, per family, written at exit: scripts/fuzz fails a family whose credentials were
# refused, since a run of documented 401s would otherwise pass every check.
STATS_FILE = os.environ.get("FUZZ_STATS_FILE")
statuses: dict[str, int] = {}


def carried_credentials(request) -> bool:
    """Whether the request went out with this family's genuine credentials, as GatewayAuth sets them."""
    headers = request.headers
    path = urlsplit(request.url).path
    if path.startswith("/alpha/"):
        body = request.body or b""
        if isinstance(body, str):
            body = body.encode()
        return headers.get("merchant") == MERCHANT_ID and headers.get("sign") == alpha_sign(body, PAYMENT_KEY)
    if path.startswith("/beta/"):
        return all(headers.get(header) == BETA_API_KEY for header in BETA_KEY_HEADERS)
    return headers.get("x-api-key") == V1_API_KEY


@schemathesis.hook
def after_call(context, case, response):
    key = str(response.status_code)
    # The documents declare their securitySchemes, so schemathesis also sends requests with the
    # credentials missing or mangled on purpose: their 401s are the right answer and are counted apart.
    if key in ("401", "403") and not carried_credentials(response.request):
        key = f"{key} (no genuine credentials)"
    # Upstream's custodial calls (balance, payouts, swaps) and the few others not offered (mark-as-paid,
    # recurring payments) are refused by design once authenticated: their 403 names why ("… not
    # available: …"), and is no refusal of the credentials.
    elif key == "403" and " not available: " in response.text:
        key = "403 (refused by design, naming why)"
    statuses[key] = statuses.get(key, 0) + 1


def _write_stats():
    if STATS_FILE:
        with open(STATS_FILE, "w", encoding="utf-8") as out:
            json.dump(statuses, out)


atexit.register(_write_stats)
