"""Calls every custodial method of the real Cryptomus and OxaPay Python SDKs against the gateway.

argv: base URL, merchant uuid, family A payment key, family B API key, a key the gateway never issued.
Prints one JSON object: method name -> what the SDK returned or raised.
"""
import json
import sys

from cryptomus import Client
from oxapay_python import OxaPayManager
from pyCryptomusAPI import pyCryptomusAPI

base, merchant, payment_key, beta_key, wrong_key = sys.argv[1:6]


def outcome(call):
    try:
        return {"returned": call()}
    except Exception as error:  # each SDK raises its own class; the test reads class, code and message
        if type(error).__name__ == "RequestExceptionsBuilder":  # cryptomus: args = (message, HTTP code)
            message, code = error.args
        else:
            message, code = getattr(error, "message", None) or str(error), getattr(error, "code", None)
        return {"raised": type(error).__name__, "code": code, "message": str(message)}


def cryptomus_payment(key):
    client = Client.payment(key, merchant)
    client.requestBuilder.api_url = base + "/alpha/"
    return client


def cryptomus_payout(key):
    client = Client.payout(key, merchant)
    client.request_builder.api_url = base + "/alpha/"
    return client


# No payout key is issued: the merchant's payment key signs the payout calls too.
py = pyCryptomusAPI(merchant, payment_api_key=payment_key, payout_api_key=payment_key, api_url=base + "/alpha/")
py_wrong = pyCryptomusAPI(merchant, payment_api_key=wrong_key, payout_api_key=wrong_key, api_url=base + "/alpha/")

OxaPayManager.BASE_URL = base + "/beta/v1"
oxapay = OxaPayManager(timeout=30)

payout_body = {"amount": "5", "currency": "USDT", "network": "tron", "order_id": "po-1",
               "address": "TXYZ", "is_subtract": "1"}

results = {
    "cryptomus.Payment.balance": outcome(lambda: cryptomus_payment(payment_key).balance()),
    "cryptomus.Payment.balance (bad sign)": outcome(lambda: cryptomus_payment(wrong_key).balance()),
    "cryptomus.Payout.create": outcome(lambda: cryptomus_payout(payment_key).create(payout_body)),
    "cryptomus.Payout.info": outcome(lambda: cryptomus_payout(payment_key).info({"uuid": "x"})),
    "pyCryptomusAPI.balance": outcome(lambda: py.balance()),
    "pyCryptomusAPI.balance (bad sign)": outcome(lambda: py_wrong.balance()),
    "pyCryptomusAPI.create_payout": outcome(
        lambda: py.create_payout("5", "USDT", "po-2", "TXYZ", True, "tron")),
    "pyCryptomusAPI.create_payout (bad sign)": outcome(
        lambda: py_wrong.create_payout("5", "USDT", "po-2", "TXYZ", True, "tron")),
    "pyCryptomusAPI.payout_information": outcome(lambda: py.payout_information(order_id="po-2")),
    "pyCryptomusAPI.payout_history": outcome(lambda: py.payout_history()),
    "pyCryptomusAPI.payout_services": outcome(lambda: py.payout_services()),
    "pyCryptomusAPI.transfer_to_personal": outcome(lambda: py.transfer_to_personal("1", "USDT")),
    "pyCryptomusAPI.transfer_to_business": outcome(lambda: py.transfer_to_business("1", "USDT")),
    "pyCryptomusAPI.test_payout_webhook": outcome(
        lambda: py.test_payout_webhook("https://shop.example/cb", "USDT", "tron", order_id="po-2")),
    "pyCryptomusAPI.block_wallet_refund": outcome(
        lambda: py.block_wallet_refund("TXYZabcdefghijkl", order_id="w-1")),
    "pyCryptomusAPI.mark_payment_as_paid": outcome(lambda: py.mark_payment_as_paid(order_id="o-1")),
    "pyCryptomusAPI.create_recurrence": outcome(lambda: py.create_recurrence("10", "USD", "Pro", "monthly")),
    "pyCryptomusAPI.recurrence_information": outcome(lambda: py.recurrence_information(order_id="r-1")),
    "pyCryptomusAPI.recurrence_history": outcome(lambda: py.recurrence_history()),
    "pyCryptomusAPI.cancel_recurrence": outcome(lambda: py.cancel_recurrence(order_id="r-1")),
    "pyCryptomusAPI.cancel_recurrence (bad sign)": outcome(lambda: py_wrong.cancel_recurrence(order_id="r-1")),
    "oxapay.Payout.generate": outcome(lambda: oxapay.payout(beta_key).generate(
        {"address": "TXYZ", "amount": 5, "currency": "USDT", "network": "TRC20"})),
    "oxapay.Payout.generate (bad key)": outcome(lambda: oxapay.payout(wrong_key).generate(
        {"address": "TXYZ", "amount": 5, "currency": "USDT", "network": "TRC20"})),
    "oxapay.Payout.information": outcome(lambda: oxapay.payout(beta_key).information("123456")),
    "oxapay.Payout.history": outcome(lambda: oxapay.payout(beta_key).history()),
    "oxapay.Account.balance": outcome(lambda: oxapay.account(beta_key).balance()),
    "oxapay.Account.balance (bad key)": outcome(lambda: oxapay.account(wrong_key).balance()),
    "oxapay.Exchange.swap_request": outcome(lambda: oxapay.exchange(beta_key).swap_request(
        {"amount": 1, "from_currency": "BTC", "to_currency": "USDT"})),
    "oxapay.Exchange.swap_history": outcome(lambda: oxapay.exchange(beta_key).swap_history()),
    "oxapay.Exchange.swap_pairs": outcome(lambda: oxapay.exchange(beta_key).swap_pairs()),
    "oxapay.Exchange.swap_calculate": outcome(lambda: oxapay.exchange(beta_key).swap_calculate(
        {"amount": 1, "from_currency": "BTC", "to_currency": "USDT"})),
    "oxapay.Exchange.swap_rate": outcome(lambda: oxapay.exchange(beta_key).swap_rate(
        {"from_currency": "BTC", "to_currency": "USDT"})),
}
print(json.dumps(results))
