"""Calls family B methods of the real oxapay-python SDK against the gateway.

argv: base URL, then a JSON object of calls: label -> [method, merchant API key, args...]; a method
named "common.<name>" is called on the keyless Common client (its key is ignored).
Prints one JSON object: label -> what the SDK returned or raised.
"""
import json
import sys

from oxapay_python import OxaPayManager

base, calls = sys.argv[1], json.loads(sys.argv[2])
OxaPayManager.BASE_URL = base + "/beta/v1"
oxapay = OxaPayManager(timeout=30)


def outcome(call):
    try:
        return {"returned": call()}
    except Exception as error:  # the test reads the exception class and its message
        return {"raised": type(error).__name__, "message": str(error)}


def endpoint(method, key):
    if method.startswith("common."):
        return getattr(oxapay.common(), method[len("common."):])
    return getattr(oxapay.payment(key), method)


results = {}
for label, (method, key, *args) in calls.items():
    results[label] = outcome(lambda: endpoint(method, key)(*args))
print(json.dumps(results))
