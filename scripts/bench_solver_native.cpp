// Replays the layout-solver benchmark workloads through kiwi's C++ core, compiled natively, and
// prints one JSON line of timings per workload, in the form `lectern-bench solver --json` prints.
// Phases are timed by the wall clock, script sets by the thread's CPU clock, as on the Swift side.
//
// Build (scripts/bench-solver.sh does it): g++ -O2 -std=c++17 -I KIWI_SOURCE bench_solver_native.cpp
// Usage: bench_solver_native WORKLOADS.jsonl [--max-seconds S]
//
// WORKLOADS.jsonl comes from `lectern-bench solver --export-workloads`. Two kinds of workload:
// - phases (long row, enaml form, grid, nesting): every step is added, the variables updated; then
//   the suggest + update cycles; then one constraint removed and re-added, as many times as asked;
// - scripts (small systems, the exercises' systems): each script runs on a fresh solver (adds,
//   removes, edit variables, suggestions and updates, in order), and the whole set is timed.
// Constraint objects are made before the clock starts, as on the Swift side, and each workload
// reports its fastest run of up to 5 (as many as fit in 1 s). As in scripts/bench_solver_kiwi.py,
// suggestion and remove + re-add phases longer than --max-seconds (default 30) are cut short and
// reported per operation. Priorities map to kiwi strengths as
// scripts/bench_solver_kiwi.py maps them; other priorities p map to strength::create(0, p, 0).
#include <kiwi/kiwi.h>

#include <chrono>
#include <ctime>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace {

// A JSON value: enough of JSON for the exported workloads (no escapes beyond \" and \\).
struct Json {
    enum Kind { Null, Number, String, Array, Object } kind = Null;
    double number = 0;
    std::string text;
    std::vector<Json> items;
    std::vector<std::pair<std::string, Json>> fields;

    const Json* get(const char* name) const {
        for (const auto& field : fields)
            if (field.first == name) return &field.second;
        return nullptr;
    }
    const Json& operator[](const char* name) const {
        static const Json none;
        const Json* found = get(name);
        return found ? *found : none;
    }
};

struct Parser {
    const char* p;
    const char* end;

    void space() {
        while (p < end && (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t')) ++p;
    }
    [[noreturn]] void fail(const char* what) {
        std::fprintf(stderr, "bench_solver_native: bad workload JSON (%s)\n", what);
        std::exit(2);
    }
    std::string string() {
        std::string out;
        ++p;  // opening quote
        while (p < end && *p != '"') {
            if (*p == '\\' && p + 1 < end) ++p;
            out += *p++;
        }
        if (p >= end) fail("unterminated string");
        ++p;
        return out;
    }
    Json value() {
        space();
        if (p >= end) fail("unexpected end");
        Json v;
        if (*p == '{') {
            v.kind = Json::Object;
            ++p;
            space();
            if (*p == '}') { ++p; return v; }
            for (;;) {
                space();
                std::string key = string();
                space();
                if (*p != ':') fail("expected ':'");
                ++p;
                v.fields.emplace_back(std::move(key), value());
                space();
                if (*p == ',') { ++p; continue; }
                if (*p == '}') { ++p; return v; }
                fail("expected ',' or '}'");
            }
        }
        if (*p == '[') {
            v.kind = Json::Array;
            ++p;
            space();
            if (*p == ']') { ++p; return v; }
            for (;;) {
                v.items.push_back(value());
                space();
                if (*p == ',') { ++p; continue; }
                if (*p == ']') { ++p; return v; }
                fail("expected ',' or ']'");
            }
        }
        if (*p == '"') {
            v.kind = Json::String;
            v.text = string();
            return v;
        }
        if (end - p >= 4 && std::string(p, 4) == "null") {
            p += 4;
            return v;
        }
        char* after = nullptr;
        v.kind = Json::Number;
        v.number = std::strtod(p, &after);
        if (after == p) fail("expected a value");
        p = after;
        return v;
    }
};

double strength(int priority) {
    switch (priority) {
    case 1000: return kiwi::strength::required;
    case 750: return kiwi::strength::strong;
    case 600: return kiwi::strength::create(0, 100, 0);
    case 510: return kiwi::strength::create(0, 1, 0, 1.25);
    case 500: return kiwi::strength::medium;
    case 1: return kiwi::strength::weak;
    default: return kiwi::strength::create(0, priority, 0);
    }
}

kiwi::Constraint constraint(const Json& spec, const std::vector<kiwi::Variable>& variables) {
    std::vector<kiwi::Term> terms;
    for (const Json& term : spec["terms"].items)
        terms.emplace_back(variables[static_cast<size_t>(term.items[1].number)], term.items[0].number);
    kiwi::Expression expression(std::move(terms), spec["constant"].number);
    const std::string& op = spec["op"].text;
    kiwi::RelationalOperator relation = op == "==" ? kiwi::OP_EQ : op == "<=" ? kiwi::OP_LE : kiwi::OP_GE;
    return kiwi::Constraint(expression, relation, strength(static_cast<int>(spec["strength"].number)));
}

using Clock = std::chrono::steady_clock;

double milliseconds(Clock::time_point start, Clock::time_point stop) {
    return std::chrono::duration<double, std::milli>(stop - start).count();
}

struct PhaseResult {
    double add_ms, suggest_us, remove_ms;
    bool has_remove;
};

double budget_ms = 30000;

PhaseResult run_phases(const Json& workload) {
    std::vector<kiwi::Variable> variables;
    for (int index = 0; index < static_cast<int>(workload["variables"].number); ++index)
        variables.emplace_back("v" + std::to_string(index));
    const auto& steps = workload["steps"].items;
    std::vector<kiwi::Constraint> constraints(steps.size());
    for (size_t index = 0; index < steps.size(); ++index)
        if (steps[index].get("terms")) constraints[index] = constraint(steps[index], variables);

    kiwi::Solver solver;
    auto start = Clock::now();
    for (size_t index = 0; index < steps.size(); ++index) {
        const Json& step = steps[index];
        if (const Json* edit = step.get("edit")) {
            solver.addEditVariable(variables[static_cast<size_t>(edit->number)],
                                   strength(static_cast<int>(step["strength"].number)));
        } else if (const Json* suggest = step.get("suggest")) {
            solver.suggestValue(variables[static_cast<size_t>(suggest->number)], step["value"].number);
        } else {
            try {
                solver.addConstraint(constraints[index]);
            } catch (const std::exception&) {
            }
        }
    }
    solver.updateVariables();
    PhaseResult result{milliseconds(start, Clock::now()), 0, 0, false};

    size_t operations = 0;
    start = Clock::now();
    for (const Json& cycle : workload["cycles"].items) {
        for (const Json& pair : cycle.items) {
            solver.suggestValue(variables[static_cast<size_t>(pair.items[0].number)], pair.items[1].number);
            ++operations;
        }
        solver.updateVariables();
        if (milliseconds(start, Clock::now()) > budget_ms) break;
    }
    result.suggest_us = milliseconds(start, Clock::now()) * 1000 / static_cast<double>(operations ? operations : 1);

    const Json& churn = workload["churn"];
    if (churn.kind == Json::Object) {
        const kiwi::Constraint& churned = constraints[static_cast<size_t>(churn["step"].number)];
        int repeats = static_cast<int>(churn["repeats"].number);
        int done = 0;
        start = Clock::now();
        for (int repeat = 0; repeat < repeats; ++repeat) {
            solver.removeConstraint(churned);
            solver.addConstraint(churned);
            solver.updateVariables();
            ++done;
            if (milliseconds(start, Clock::now()) > budget_ms) break;
        }
        result.remove_ms = milliseconds(start, Clock::now()) / done;
        result.has_remove = true;
    }
    return result;
}

// One script with its variables and constraints made in advance.
struct Script {
    std::vector<kiwi::Variable> variables;
    std::vector<kiwi::Constraint> constraints;
    // Operations: code (0 add, 1 remove, 2 edit, 3 unedit, 4 suggest, 5 update), index, number.
    struct Op { int code; size_t index; double number; };
    std::vector<Op> ops;
};

std::vector<Script> prepare_scripts(const Json& workload) {
    std::vector<Script> scripts;
    for (const Json& spec : workload["scripts"].items) {
        Script script;
        for (int index = 0; index < static_cast<int>(spec["variables"].number); ++index)
            script.variables.emplace_back();
        for (const Json& c : spec["constraints"].items) script.constraints.push_back(constraint(c, script.variables));
        for (const Json& op : spec["ops"].items) {
            const std::string& name = op.items[0].text;
            size_t index = op.items.size() > 1 ? static_cast<size_t>(op.items[1].number) : 0;
            double number = op.items.size() > 2 ? op.items[2].number : 0;
            int code = name == "add" ? 0 : name == "remove" ? 1 : name == "edit" ? 2 : name == "unedit" ? 3
                : name == "suggest" ? 4 : 5;
            if (code == 2) number = strength(static_cast<int>(number));
            script.ops.push_back({code, index, number});
        }
        scripts.push_back(std::move(script));
    }
    return scripts;
}

double thread_cpu_ms() {
    timespec time{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time);
    return static_cast<double>(time.tv_sec) * 1e3 + static_cast<double>(time.tv_nsec) / 1e6;
}

// Runs every script on a fresh solver; returns the CPU time in ms and counts the operations kiwi refused.
double run_scripts(std::vector<Script>& scripts, long& errors, double& checksum) {
    errors = 0;
    double start = thread_cpu_ms();
    for (Script& script : scripts) {
        kiwi::Solver solver;
        for (const Script::Op& op : script.ops) {
            try {
                switch (op.code) {
                case 0: solver.addConstraint(script.constraints[op.index]); break;
                case 1: solver.removeConstraint(script.constraints[op.index]); break;
                case 2: solver.addEditVariable(script.variables[op.index], op.number); break;
                case 3: solver.removeEditVariable(script.variables[op.index]); break;
                case 4: solver.suggestValue(script.variables[op.index], op.number); break;
                default: solver.updateVariables(); break;
                }
            } catch (const std::exception&) {
                ++errors;
            }
        }
        if (!script.variables.empty()) checksum += script.variables.back().value();
    }
    return thread_cpu_ms() - start;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2 && !(argc == 4 && std::string(argv[2]) == "--max-seconds")) {
        std::fprintf(stderr, "usage: %s WORKLOADS.jsonl [--max-seconds S]\n", argv[0]);
        return 2;
    }
    if (argc == 4) budget_ms = std::atof(argv[3]) * 1000;
    std::ifstream input(argv[1]);
    std::string line;
    double checksum = 0;
    while (std::getline(input, line)) {
        if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
        Parser parser{line.data(), line.data() + line.size()};
        Json workload = parser.value();
        const std::string& name = workload["workload"].text;
        int n = static_cast<int>(workload["n"].number);
        auto started = Clock::now();
        if (workload.get("scripts")) {
            std::vector<Script> scripts = prepare_scripts(workload);
            long errors = 0;
            double best = run_scripts(scripts, errors, checksum);
            for (int run = 1; run < 5 && milliseconds(started, Clock::now()) < 1000; ++run)
                best = std::min(best, run_scripts(scripts, errors, checksum));
            std::printf("{\"workload\":\"%s\",\"n\":%d,\"scripts\":%zu,\"total_ms\":%.4f,\"script_us\":%.4f,"
                        "\"refused\":%ld}\n",
                        name.c_str(), n, scripts.size(), best, best * 1000 / static_cast<double>(scripts.size()),
                        errors);
        } else {
            PhaseResult best = run_phases(workload);
            for (int run = 1; run < 5 && milliseconds(started, Clock::now()) < 1000; ++run) {
                PhaseResult next = run_phases(workload);
                best.add_ms = std::min(best.add_ms, next.add_ms);
                best.suggest_us = std::min(best.suggest_us, next.suggest_us);
                best.remove_ms = std::min(best.remove_ms, next.remove_ms);
            }
            std::printf("{\"workload\":\"%s\",\"n\":%d,\"add_ms\":%.4f,\"suggest_us\":%.3f,\"remove_readd_ms\":",
                        name.c_str(), n, best.add_ms, best.suggest_us);
            if (best.has_remove) std::printf("%.4f}\n", best.remove_ms); else std::printf("null}\n");
        }
        std::fflush(stdout);
    }
    return checksum == 12345.678 ? 1 : 0;
}
