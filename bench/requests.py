"""Sends a fixed, repeatable sequence of ActionHub requests over one keep-alive connection.

The same mixes as bench/post-mix.lua and bench/history.lua, from a seeded generator, so two runs
send the same requests (POST ids differ only by the run token, which keeps them unique).
Usage: python3 bench/requests.py post|history COUNT PORT KEY [RUN-TOKEN]
Exits non-zero when any answer is not 2xx.
"""

import http.client
import json
import random
import sys


def post_body(rng, run, counter):
    post = f"p-{rng.randint(1, 10000)}"
    roll = rng.randint(1, 10)
    event = {
        "id": f"{run:08X}-{rng.randint(0, 65535):04X}-4000-8000-{counter:012X}",
        "actionIdentifier": "like",
        "userId": f"u-{rng.randint(1, 100000)}",
        "notification": {
            "identifier": f"push-{counter}",
            "categoryIdentifier": "social_post",
            "date": "2026-11-30T09:00:00Z",
            "userInfo": {"postId": post, "media-url": "https://example.com/a.jpg"},
        },
    }
    if roll > 9:
        event["actionIdentifier"] = "com.apple.UNNotificationDefaultActionIdentifier"
    elif roll > 7:
        event["actionIdentifier"] = "reply"
        event["userText"] = f"Nice shot number {counter}!"
    return json.dumps(event)


def history_path(rng):
    roll = rng.randint(1, 3)
    if roll == 1:
        return f"/v1/posts/p-{rng.randint(0, 9999)}/likes?limit=20"
    if roll == 2:
        return f"/v1/posts/p-{rng.randint(0, 9999)}/replies?limit=20"
    return f"/v1/users/u-{rng.randint(0, 99999)}/responses?limit=20"


def main():
    mix, count, port, key = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    run = int(sys.argv[5]) if len(sys.argv) > 5 else 1
    rng = random.Random(20261130)
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    headers = {"Authorization": f"Bearer {key}"}
    for counter in range(1, count + 1):
        if mix == "post":
            body = post_body(rng, run, counter)
            connection.request("POST", "/v1/responses", body, {**headers, "Content-Type": "application/json"})
        else:
            connection.request("GET", history_path(rng), headers=headers)
        answer = connection.getresponse()
        answer.read()
        if answer.status // 100 != 2:
            sys.exit(f"request {counter}: HTTP {answer.status}")


if __name__ == "__main__":
    main()
