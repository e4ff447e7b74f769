"""Calls pyCryptomusAPI's `refund` against the gateway, as a merchant's code would.

argv: base URL, merchant uuid, payment key, then the paid payment's uuid, another paid payment's
order_id, the buyer's address, and an unpaid payment's uuid.
Prints one JSON object: call label -> what the SDK returned or raised.
"""
import json
import sys

from pyCryptomusAPI import pyCryptomusAPI

base, merchant, payment_key, paid_uuid, paid_order_id, address, unpaid_uuid = sys.argv[1:8]

py = pyCryptomusAPI(merchant, payment_api_key=payment_key, payout_api_key=payment_key, api_url=base + "/alpha/")


def outcome(call):
    try:
        return {"returned": call()}
    except Exception as error:
        return {"raised": type(error).__name__, "code": getattr(error, "code", None),
                "message": str(getattr(error, "message", None) or error)}


results = {
    "by uuid": outcome(lambda: py.refund(address, True, invoice_uuid=paid_uuid)),
    "by order_id": outcome(lambda: py.refund(address, False, order_id=paid_order_id)),
    "bad address": outcome(lambda: py.refund("not-an-address", True, invoice_uuid=paid_uuid)),
    "unpaid": outcome(lambda: py.refund(address, True, invoice_uuid=unpaid_uuid)),
}
print(json.dumps(results))
