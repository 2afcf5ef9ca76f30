#!/usr/bin/env python3
"""The dashboard in a real browser: headless Chromium (Debian's package) driven by Playwright.

Loads /dashboard from a running, filled server, refuses a wrong key with a clear message,
enters the right key, and checks that what the page shows equals the API: totals, distinct
users, reply rate and top posts equal /v1/stats and /v1/stats/posts for the range the page
asked for, the chart has one bar group per bucket with that bucket's total, every window
(hour, day, week), the webhook backlog equals /v1/stats/webhooks, and a POST made now shows
in the stream within 5 s. For the meeting invite, which has no likes or replies: no reply rate
or top posts, a tally per choice equal to /v1/stats, and top subjects per set, list and choice
value equal to /v1/stats/subjects for the page's range. The push funnel (sent, delivered, acted
and each button's presses) equals /v1/stats/funnel. Also: the chart code on its own, keyboard focus, labels and table
headers, no console errors or CSP violations, no sideways scrolling at phone width.
Screenshots at desktop and phone widths go to the artefact folder.

Usage: dashboard_browser.py URL KEY ARTEFACT_DIR   (exit 0 when every check holds)
"""
import json
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid

from playwright.sync_api import sync_playwright

url, key, artefacts = sys.argv[1], sys.argv[2], sys.argv[3]
failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
        print("FAIL " + message, flush=True)


def api(path, method="GET", body=None):
    request = urllib.request.Request(url + path, method=method, data=None if body is None else json.dumps(body).encode())
    request.add_header("Authorization", "Bearer " + key)
    if body is not None:
        request.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def read_page_numbers(page):
    return page.evaluate("""() => {
        const box = document.getElementById('chart-box');
        const cells = (row) => Object.fromEntries([...row.querySelectorAll('td[data-field]')]
            .map((cell) => [cell.dataset.field, Number(cell.dataset.value)]));
        return {
            category: box.dataset.category, from: box.dataset.from, to: box.dataset.to, bucket: box.dataset.bucket,
            groups: [...box.querySelectorAll('svg g.bucket')].map((group) =>
                ({ start: group.dataset.start, total: Number(group.dataset.total) })),
            totals: Object.fromEntries([...document.querySelectorAll('#totals tbody tr')]
                .map((row) => [row.dataset.action, cells(row)])),
            replies: Number(document.getElementById('reply-rate').dataset.replies),
            responses: Number(document.getElementById('reply-rate').dataset.responses),
            topLikes: [...document.querySelectorAll('#top-likes tbody tr[data-post]')]
                .map((row) => [row.dataset.post, cells(row)]),
            topReplies: [...document.querySelectorAll('#top-replies tbody tr[data-post]')]
                .map((row) => [row.dataset.post, cells(row)]),
            webhooks: Object.fromEntries([...document.querySelectorAll('#webhooks tbody tr')]
                .map((row) => [row.dataset.endpoint, cells(row)])),
        };
    }""")


def wait_until(page, script, timeout=15.0):
    """Polls from here: Playwright's own waiting evaluates strings, which the page's CSP forbids."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = page.evaluate(script)
        if value:
            return value
        time.sleep(0.05)
    raise TimeoutError(script)


def wait_for_stats(page, after):
    return wait_until(page, f"() => Number(document.body.dataset.statsLoaded || 0) > {after} && "
                            "Number(document.body.dataset.statsLoaded)")


def compare_with_api(page, label):
    shown = read_page_numbers(page)
    query = urllib.parse.urlencode(
        {"category": shown["category"], "from": shown["from"], "to": shown["to"], "bucket": shown["bucket"]})
    stats = api("/v1/stats?" + query)
    check(len(shown["groups"]) == len(stats["buckets"]) and len(stats["buckets"]) > 0,
          f"{label}: {len(shown['groups'])} bar groups for {len(stats['buckets'])} buckets")
    for group, bucket in zip(shown["groups"], stats["buckets"]):
        total = sum(tally["count"] for tally in bucket["actions"].values())
        check(group["start"] == bucket["start"] and group["total"] == total,
              f"{label}: bucket {bucket['start']} shows {group} for a total of {total}")
    for action, tally in stats["totals"].items():
        check(shown["totals"].get(action) == {"count": tally["count"], "users": tally["users"]},
              f"{label}: totals of {action} show {shown['totals'].get(action)} for {tally}")
    for action, cells in shown["totals"].items():
        if action not in stats["totals"]:
            check(cells == {"count": 0, "users": 0}, f"{label}: {action} shows {cells} with no responses")
    all_responses = sum(tally["count"] for tally in stats["totals"].values())
    replies = stats["totals"].get("reply", {"count": 0})["count"]
    check((shown["replies"], shown["responses"]) == (replies, all_responses),
          f"{label}: reply rate from {shown['replies']}/{shown['responses']} for {replies}/{all_responses}")
    for by, rows in (("likes", shown["topLikes"]), ("replies", shown["topReplies"])):
        posts = api(f"/v1/stats/posts?category={shown['category']}&by={by}&limit=10")["posts"]
        expected = [[post["postId"], {"likes": post["likes"], "replies": post["replies"]}] for post in posts]
        check(rows == expected, f"{label}: top posts by {by} show {rows} for {expected}")
    return stats


def compare_funnel(page, label):
    shown = page.evaluate("""() => {
        const table = document.getElementById('funnel');
        const value = (row, field) => Number(row.querySelector(`td[data-field="${field}"]`).dataset.value);
        return {
            from: table.dataset.from, to: table.dataset.to,
            steps: Object.fromEntries([...document.querySelectorAll('#funnel-steps tr[data-step]')]
                .map((row) => [row.dataset.step, value(row, row.dataset.step)])),
            actions: Object.fromEntries([...document.querySelectorAll('#funnel-actions tr[data-action]')]
                .map((row) => [row.dataset.action, value(row, 'acted')])),
        };
    }""")
    funnel = api("/v1/stats/funnel?" + urllib.parse.urlencode(
        {"category": "social_post", "from": shown["from"], "to": shown["to"]}))
    expected = {step: funnel[step] for step in ("sent", "delivered", "acted")}
    check(shown["steps"] == expected, f"{label}: the funnel shows {shown['steps']} for {expected}")
    acted = {action: tally["acted"] for action, tally in funnel["actions"].items()}
    check(shown["actions"] == acted, f"{label}: the buttons show {shown['actions']} for {acted}")
    return expected


def chart_alone(page):
    """The chart code on its own: one group per bucket, bars stacked to scale, empty buckets empty."""
    result = page.evaluate("""() => {
        const report = { category: 'c', bucket: 'hour', totals: {}, buckets: [
            { start: '2026-12-01T09:00:00.000Z', actions: { a: { count: 2, users: 1 }, b: { count: 2, users: 2 } } },
            { start: '2026-12-01T10:00:00.000Z', actions: {} },
            { start: '2026-12-01T11:00:00.000Z', actions: { b: { count: 1, users: 1 } } } ] };
        const chart = ActionHubChart.render(report, ['a', 'b'], { a: 'A', b: 'B' });
        const groups = [...chart.querySelectorAll('g.bucket')];
        const heights = groups.map((group) => [...group.querySelectorAll('rect[data-action]')]
            .map((rect) => [rect.dataset.action, Number(rect.getAttribute('height'))]));
        return { groups: groups.length, heights, role: chart.getAttribute('role'),
                 title: chart.querySelector('title').textContent, desc: chart.querySelector('desc').textContent };
    }""")
    check(result["groups"] == 3, f"chart alone: {result['groups']} groups for 3 buckets")
    heights = result["heights"]
    check(len(heights[0]) == 2 and abs(heights[0][0][1] - heights[0][1][1]) < 0.01, f"chart alone: stack {heights[0]}")
    check(heights[1] == [], f"chart alone: the empty bucket has bars {heights[1]}")
    check(len(heights[2]) == 1 and abs(heights[2][0][1] * 4 - (heights[0][0][1] + heights[0][1][1])) < 0.05,
          f"chart alone: a total of 1 is not a quarter of a total of 4: {heights}")
    check(result["role"] == "img" and result["title"] and "5 responses in 3 buckets" in result["desc"],
          f"chart alone: text alternative {result}")


def meeting_invite(page, loads):
    """A category of choices, sets and lists: its own sections, none of the post words."""
    page.select_option("#category", "meeting_invite")
    wait_for_stats(page, loads)
    shown = page.evaluate("""() => ({
        range: { from: document.getElementById('chart-box').dataset.from, to: document.getElementById('chart-box').dataset.to,
                 bucket: document.getElementById('chart-box').dataset.bucket },
        subjectRange: { from: document.getElementById('subject-tables').dataset.from,
                        to: document.getElementById('subject-tables').dataset.to },
        category: document.getElementById('chart-box').dataset.category,
        text: document.body.innerText,
        choices: Object.fromEntries([...document.querySelectorAll('#choice-tables table[data-choice]')].map((table) =>
            [table.dataset.choice, Object.fromEntries([...table.querySelectorAll('tbody tr')].map((row) =>
                [row.dataset.value, Number(row.querySelector('td[data-field=count]').dataset.value)]))])),
        subjects: Object.fromEntries([...document.querySelectorAll('#subject-tables table[data-by]')].map((table) =>
            [table.dataset.by, [...table.querySelectorAll('tbody tr[data-subject]')].map((row) =>
                [row.dataset.subject, Number(row.querySelector('td[data-field=count]').dataset.value)])])),
        postsHidden: document.getElementById('posts-section').hidden,
        rateHidden: document.getElementById('reply-rate').hidden,
    })""")
    check(shown["category"] == "meeting_invite", f"meeting invite: the chart shows {shown['category']}")
    check(shown["postsHidden"] and shown["rateHidden"], "meeting invite: top posts or the reply rate are shown")
    check("Reply rate" not in shown["text"] and "Top posts" not in shown["text"],
          "meeting invite: the page still speaks of replies or posts")
    stats = api("/v1/stats?" + urllib.parse.urlencode(
        {"category": "meeting_invite", "from": shown["range"]["from"], "to": shown["range"]["to"],
         "bucket": shown["range"]["bucket"]}))
    values = {"accept": "yes", "decline": "no", "maybe": "maybe"}
    expected = {"rsvp": {value: stats["totals"].get(action, {"count": 0})["count"] for action, value in values.items()}}
    check(shown["choices"] == expected and sum(expected["rsvp"].values()) > 0,
          f"meeting invite: choice tallies {shown['choices']} for {expected}")
    measures = ["set:bookmarks", "list:feedback", "choice:rsvp:yes", "choice:rsvp:no", "choice:rsvp:maybe"]
    ranked = {by: [[subject["id"], subject["count"]] for subject in api("/v1/stats/subjects?" + urllib.parse.urlencode(
        {"category": "meeting_invite", "by": by, "from": shown["subjectRange"]["from"], "to": shown["subjectRange"]["to"],
         "limit": 5}))["subjects"]]
        for by in measures}
    check(shown["subjects"] == ranked and any(ranked.values()), f"meeting invite: top subjects {shown['subjects']} for {ranked}")
    accessible(page)
    page.screenshot(path=f"{artefacts}/dashboard-meeting-invite.png", full_page=True)


def accessible(page):
    report = page.evaluate("""() => ({
        unlabelled: [...document.querySelectorAll('input, select')]
            .filter((control) => !document.querySelector(`label[for="${control.id}"]`)).map((control) => control.id),
        headless: [...document.querySelectorAll('table')].filter((table) => !table.querySelector('th')).map((table) => table.id),
        unscoped: document.querySelectorAll('thead th:not([scope])').length,
        lang: document.documentElement.lang,
    })""")
    check(report["unlabelled"] == [] and report["headless"] == [] and report["unscoped"] == 0 and report["lang"] == "en",
          f"labels and table headers: {report}")


def new_page(browser, width, height, scale=1):
    context = browser.new_context(viewport={"width": width, "height": height}, device_scale_factor=scale)
    page = context.new_page()
    def console(message):
        # The refused key's 401 is logged by the browser itself; anything else is the page's fault.
        if message.type == "error" and "status of 401" not in message.text:
            check(False, f"console error at {width}px: {message.text}")
    page.on("console", console)
    page.on("pageerror", lambda error: failures.append(f"page error: {error}"))
    return page


with sync_playwright() as playwright:
    browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
    page = new_page(browser, 1280, 900)
    answer = page.goto(url + "/dashboard")
    policy = answer.headers.get("content-security-policy", "")
    check(answer.status == 200 and "default-src 'none'" in policy and "script-src 'self'" in policy,
          f"/dashboard answered {answer.status} with Content-Security-Policy {policy!r}")
    page.keyboard.press("Tab")
    check(page.evaluate("() => document.activeElement.id") == "api-key", "the first Tab does not reach the key field")

    # A wrong key: a clear message, and nothing of the dashboard.
    page.fill("#api-key", "ahk_000000000000_wrong")
    page.keyboard.press("Enter")
    wait_until(page, "() => !document.getElementById('key-error').hidden", timeout=5)
    message = page.inner_text("#key-error")
    check("did not accept this API key" in message and page.is_hidden("#dashboard"),
          f"a wrong key shows {message!r}")

    page.fill("#api-key", key)
    page.click("#key-form button[type=submit]")
    loads = wait_for_stats(page, 0)
    check(page.is_hidden("#key-error") and page.is_visible("#dashboard"), "the right key does not show the dashboard")
    # The replayed fixtures are social_post's; the list starts with meeting_invite.
    page.select_option("#category", "social_post")
    loads = wait_for_stats(page, loads)
    accessible(page)
    day = compare_with_api(page, "last day")
    check(sum(tally["count"] for tally in day["totals"].values()) > 0, "the filled server shows no responses")
    check(compare_funnel(page, "last day") == {"sent": 3, "delivered": 2, "acted": 2},
          "the push sent by the test is not in the funnel")
    backlog = api("/v1/stats/webhooks")["items"]
    shown = read_page_numbers(page)["webhooks"]
    expected = {endpoint["id"]: {"pending": endpoint["pending"], "failed": endpoint["failed"]} for endpoint in backlog}
    check(len(backlog) > 0 and shown == expected, f"webhooks show {shown} for {expected}")
    chart_alone(page)
    page.screenshot(path=f"{artefacts}/dashboard-desktop.png", full_page=True)

    for window, label in (("hour", "last hour"), ("week", "last week"), ("day", "last day again")):
        page.select_option("#window", window)
        loads = wait_for_stats(page, loads)
        compare_with_api(page, label)

    # A POST made now shows in the stream within 5 s.
    event_id = str(uuid.uuid4()).upper()
    api("/v1/responses", "POST", {
        "id": event_id, "actionIdentifier": "like", "userId": "browser-user",
        "notification": {"identifier": "push-browser", "categoryIdentifier": "social_post",
                         "date": "2026-12-01T09:00:00Z", "userInfo": {"postId": "p-browser"}}})
    posted = time.monotonic()
    try:
        wait_until(page, f"() => document.querySelector('#stream tbody tr[data-id=\"{event_id}\"]') !== null", timeout=5)
        print(f"the POST showed in the stream after {time.monotonic() - posted:.2f} s")
    except TimeoutError:
        check(False, "the POST made during the test did not show in the stream within 5 s")
    loads = wait_for_stats(page, loads)
    compare_with_api(page, "after the POST")

    meeting_invite(page, loads)

    phone = new_page(browser, 390, 844, scale=2)
    phone.goto(url + "/dashboard")
    phone.fill("#api-key", key)
    phone.keyboard.press("Enter")
    wait_for_stats(phone, 0)
    overflow = phone.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
    check(overflow <= 1, f"the page scrolls sideways by {overflow}px at phone width")
    cut = phone.evaluate("""() => {
        const report = { category: 'c', bucket: 'hour', totals: {}, buckets: [
            { start: '2026-12-01T09:00:00.000Z', actions: { a: { count: 1124, users: 9 } } },
            { start: '2026-12-01T10:00:00.000Z', actions: { a: { count: 12, users: 3 } } } ] };
        const box = document.querySelector('#chart-box');
        box.replaceChildren(ActionHubChart.render(report, ['a'], { a: 'A' }));
        const frame = box.querySelector('svg').getBoundingClientRect();
        return [...box.querySelectorAll('svg text')].filter((text) => {
            const shape = text.getBoundingClientRect();
            return shape.left < frame.left - 0.5 || shape.right > frame.right + 0.5;
        }).map((text) => text.textContent);
    }""")
    check(cut == [], f"chart labels cut off at phone width: {cut}")
    zone = phone.evaluate("""() => {
        const plain = new Date('2026-12-01T09:00:00.000Z').toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
        const shown = [...document.querySelectorAll('#chart-box svg text')].map((t) => t.textContent);
        return { plain, first: shown.find((text) => text.startsWith(plain)) || shown.join(' | ') };
    }""")
    check(zone["first"].startswith(zone["plain"]) and len(zone["first"]) > len(zone["plain"]) + 1,
          f"the chart's times do not say their time zone: {zone}")
    phone.screenshot(path=f"{artefacts}/dashboard-phone.png", full_page=True)
    browser.close()

print(f"screenshots: {artefacts}/dashboard-desktop.png, {artefacts}/dashboard-phone.png")
if failures:
    print(f"{len(failures)} checks failed", flush=True)
    sys.exit(1)
print("every dashboard check holds")
