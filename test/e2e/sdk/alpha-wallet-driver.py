"""Calls the static-wallet methods of the real Cryptomus Python SDKs against family A.

argv: base URL, merchant uuid, family A payment key, then a JSON object of calls:
label -> [sdk ("cryptomus" or "pyCryptomusAPI"), method, args...] (a dict argument is passed as keywords
to pyCryptomusAPI). Prints one JSON object: label -> what the SDK returned or raised.
"""
import json
import sys

from cryptomus import Client
from pyCryptomusAPI import pyCryptomusAPI

base, merchant, payment_key, calls = sys.argv[1], sys.argv[2], sys.argv[3], json.loads(sys.argv[4])

cryptomus = Client.payment(payment_key, merchant)
cryptomus.requestBuilder.api_url = base + "/alpha/"
py = pyCryptomusAPI(merchant, payment_api_key=payment_key, api_url=base + "/alpha/")


def plain(value):
    """pyCryptomusAPI answers with objects; their attributes are what the caller reads."""
    if hasattr(value, "__dict__"):
        return {key: plain(item) for key, item in vars(value).items()}
    return value


def outcome(call):
    try:
        return {"returned": plain(call())}
    except Exception as error:  # each SDK raises its own class; the test reads class and message
        if type(error).__name__ == "RequestExceptionsBuilder":  # cryptomus: args = (message, HTTP code)
            message = error.args[0]
        else:
            message = getattr(error, "message", None) or str(error)
        return {"raised": type(error).__name__, "message": str(message)}


def call_of(sdk, method, args):
    if sdk == "cryptomus":
        return lambda: getattr(cryptomus, method)(*args)
    kwargs = args[0] if args and isinstance(args[0], dict) else {}
    return lambda: getattr(py, method)(**kwargs) if kwargs else getattr(py, method)(*args)


results = {label: outcome(call_of(sdk, method, args)) for label, (sdk, method, *args) in calls.items()}
print(json.dumps(results))
