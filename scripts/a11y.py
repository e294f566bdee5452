"""Runs axe-core 4 on every page of a running Lectern, signed out and in, at desktop and phone sizes.

Usage: python3 scripts/a11y.py BASE_URL PASSWORD
Signs in as `alice` (student) and `ines` (instructor) with PASSWORD through the real sign-in form.
Prints each violation with the page and size, then a closing line `N passed, M failed` (a page and
size with no violation passes). Exits 1 when anything failed. Also checks that no page scrolls
horizontally at 320, 390 and 1280 px.
"""
import sys

import os

import axe_playwright_python
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

BASE, PASSWORD = sys.argv[1].rstrip("/"), sys.argv[2]
SIZES = {"desktop": (1280, 900), "phone": (390, 844), "narrow": (320, 640)}
VISITOR = ["/", "/courses", "/courses/cs193p", "/courses/cs193p/lectures/9", "/courses/cs193p/lectures/9?t=1287",
           "/search?q=magic+numbers", "/search?q=autolayot", "/login", "/no/such/page"]
STUDENT = ["/", "/my-work", "/courses/cs193p", "/courses/cs193p/exercises/attributor",
           "/courses/cs193p/exercises/steady-stacks", "/account", "/courses/cs193p/lectures/10", "/no/such/page"]
INSTRUCTOR = ["/", "/courses/cs193p", "/courses/cs193p/gradebook", "/courses/cs193p/gradebook/students/alice",
              "/courses/cs193p/gradebook/exercises/attributor", "/courses/cs193p/audit", "/courses/cs193p/lectures/new",
              "/courses/cs193p/lectures/9/edit", "/courses/cs193p/edit", "/courses/cs193p/lectures/9?t=1287", "/account",
              "/courses/cs193p/library", "/courses/cs193p/new-exercise", "/courses/cs193p/exercises/corners/edit"]


# axe-core 4.x as PyPI's axe-playwright-python ships it (only its axe.min.js is used, through Selenium).
AXE_SOURCE = open(os.path.join(os.path.dirname(axe_playwright_python.__file__), "axe.min.js"), encoding="utf-8").read()


def run_axe(driver):
    driver.execute_script(AXE_SOURCE)
    return driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations']}).then(r => done(r.violations), e => done([{id: 'axe-error', impact: 'critical', help: String(e), nodes: [{target: []}]}]));")


def browser():
    options = Options()
    for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"]:
        options.add_argument(flag)
    options.binary_location = "/usr/bin/chromium"
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def sign_in(driver, username):
    driver.get(BASE + "/login")
    driver.find_element(By.ID, "username").send_keys(username)
    driver.find_element(By.ID, "password").send_keys(PASSWORD)
    driver.find_element(By.CSS_SELECTOR, "form[action='/login'] button[type=submit]").click()
    WebDriverWait(driver, 10).until(lambda d: "/login" not in d.current_url)


def submit(driver, path, text):
    driver.get(BASE + path)
    area = driver.find_element(By.ID, "answer")
    area.clear()
    driver.execute_script("arguments[0].value = arguments[1];", area, text)
    driver.find_element(By.CSS_SELECTOR, "section.submit form button[type=submit]").click()
    WebDriverWait(driver, 20).until(lambda d: "/submissions/" in d.current_url)
    return driver.current_url[len(BASE):]


def audit(driver, who, paths, results):
    for name, (width, height) in SIZES.items():
        driver.set_window_size(width, height)
        for path in paths:
            driver.get(BASE + path)
            found = run_axe(driver) if name != "narrow" else []
            overflow = driver.execute_script(
                "return document.documentElement.scrollWidth - document.documentElement.clientWidth")
            problems = [f"{v['id']} ({v['impact']}): {v['help']} — {len(v['nodes'])} node(s), e.g. {v['nodes'][0]['target']}"
                        for v in found]
            if overflow > 0:
                problems.append(f"scrolls horizontally by {overflow}px")
            results.append((f"{who} {name} {path}", problems))


def main():
    results = []
    driver = browser()
    try:
        audit(driver, "visitor", VISITOR, results)
        sign_in(driver, "alice")
        with open("Exercises/attributor/examples/leftover-width.layout") as f:
            STUDENT.append(submit(driver, "/courses/cs193p/exercises/attributor", f.read()))
        with open("Exercises/steady-stacks/examples/tippy.json") as f:
            STUDENT.append(submit(driver, "/courses/cs193p/exercises/steady-stacks", f.read()))
        audit(driver, "student", STUDENT, results)
        driver.delete_all_cookies()
        sign_in(driver, "ines")
        audit(driver, "instructor", INSTRUCTOR, results)
    finally:
        driver.quit()
    failed = 0
    for label, problems in results:
        if problems:
            failed += 1
            print(f"FAIL {label}")
            for problem in problems:
                print(f"  - {problem}")
    print(f"{len(results) - failed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
