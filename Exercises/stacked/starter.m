#import <UIKit/UIKit.h>

// The layout in code: visual format lines as written, and each other constraint on its own.
@interface StackedViewController : UIViewController
@end

@implementation StackedViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    UILabel *badThing = [[UILabel alloc] init];
    badThing.translatesAutoresizingMaskIntoConstraints = NO;
    [self.view addSubview:badThing];
    UILabel *thing2 = [[UILabel alloc] init];
    thing2.translatesAutoresizingMaskIntoConstraints = NO;
    [self.view addSubview:thing2];
    NSDictionary *views = NSDictionaryOfVariableBindings(badThing, thing2);
    [self.view addConstraints:[NSLayoutConstraint constraintsWithVisualFormat:@"H:[thing2]-|" options:0 metrics:nil views:views]];
    [self.view addConstraints:[NSLayoutConstraint constraintsWithVisualFormat:@"V:[thing2]-|" options:0 metrics:nil views:views]];
}

@end
